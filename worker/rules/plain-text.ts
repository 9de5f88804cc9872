// The one rule for text a person types that others will see (a /chat message, a diner's name, an
// order note): no control characters, and no bidi overrides or isolates that could make it display as
// something else. Multi-line fields (notes, typed in a textarea) may keep their line breaks.
import * as v from "valibot";

const ONE_LINE = /^[^\p{Cc}\u202A-\u202E\u2066-\u2069]*$/u;
const LINES = /^(?:[^\p{Cc}\u202A-\u202E\u2066-\u2069]|\r?\n)*$/u;

const TEXT_INVALID = "textInvalid";

/** A one-line text: a name, a chat message. */
export const plainText = (message: string = TEXT_INVALID) => v.regex<string, string>(ONE_LINE, message);
/** A multi-line text: a note. */
export const plainLines = (message: string = TEXT_INVALID) => v.regex<string, string>(LINES, message);
