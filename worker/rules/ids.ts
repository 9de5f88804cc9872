// The one home of reading a row's id from outside: a URL's segment (/saffron/1/2), a query
// (`?branch=`) or a form's field (`order_id`) gives it as text; it is 1 to 10 digits with no leading
// zero and fits the API's 32-bit id columns (docs/CONTRACT.md), else it is no id at all.
import * as v from "valibot";

/** The largest id a row has (the contract's columns are 32-bit integers). */
const MAX_ID = 2_147_483_647;

/** An id as text → its number; `message` names the problem (the editor's forms show their own code). */
export const idText = (message = "must be an id") =>
  v.pipe(v.string(message), v.regex(/^[1-9]\d{0,9}$/, message), v.transform(Number), v.maxValue(MAX_ID, message));

/** An id as text (made once: the console and the diner's routes read it on every request). */
export const IdText = idText();
