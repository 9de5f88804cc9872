// The sign-up form's fields and their rules, shared by the page (labels, live hints) and its action.
import * as v from "valibot";
import { plainText } from "../../../worker/rules/plain-text";

/** The countries a restaurant can sign up in (its phone numbers are read against it); AE first. */
export const COUNTRIES = ["AE", "SA", "KW", "QA", "BH", "OM", "EG", "JO", "LB", "GB", "US"] as const;
export const PLANS = ["monthly", "annual"] as const;

// The restaurant's names: the one text rule for stored names (worker/rules/plain-text.ts).
const Text = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1, "required"), v.maxLength(max, "too long"), plainText());

/** Asking for a code: the phone and the country it is read against. */
export const CodeRequest = v.object({
  phone: v.pipe(v.string(), v.trim(), v.minLength(1, "required"), v.maxLength(30, "too long")),
  country: v.picklist(COUNTRIES),
});

/** Creating the restaurant; `phone`, `owner_name` and `code` are only needed when nobody is signed in. */
export const Create = v.object({
  name_en: Text(80),
  name_ar: Text(80),
  // Its rule (worker/rules/reserved.ts) is checked with its availability, in one place.
  domain: v.pipe(v.string(), v.trim(), v.maxLength(100)),
  country: v.picklist(COUNTRIES),
  plan: v.picklist(PLANS),
  // Left empty (or out) by a signed-in person; the action asks for them otherwise.
  owner_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80, "too long"), plainText())),
  phone: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(30, "too long"))),
  code: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(6, "code"))),
  // The first branch's zone, asked only in a country with several (worker/rules/zones.ts `zoneForCountry`).
  time_zone: v.optional(v.pipe(v.string(), v.maxLength(64, "zone"))),
});

type Field = keyof v.InferInput<typeof Create>;
export type FieldErrors = Partial<Record<Field | "form", string>>;

/** The first problem of each field, by name. */
export function fieldErrors(issues: v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = (v.getDotPath(issue) ?? "form") as Field;
    errors[key] ??= issue.message;
  }
  return errors;
}
