// The rule of a person's own name (and of the name a restaurant gives a member): one line of plain
// text (./plain-text.ts), 1 to 80 characters after trimming.
import * as v from "valibot";
import { plainText } from "./plain-text";

export const OwnName = v.pipe(v.string(), v.trim(), v.minLength(1, "required"), v.maxLength(80, "too long"), plainText());
