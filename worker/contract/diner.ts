// The one home where the ordering calls read a diner's number: against the restaurant's country, into
// E.164, so "0501234567", "+971 50 123 4567" and "971501234567" are one diner for codes, tokens,
// orders and limits (docs/decisions/0030). Answers give it back in the contract's spelling.
import type { Context } from "hono";
import { invalid } from "./respond";
import { toE164 } from "../rules/e164";

/** The diner's number in E.164, read against the restaurant's country; null when it cannot be a number there. */
export const dinerPhone = (phone: string, restaurant: { country: string }) => toE164(phone, restaurant.country);

/** The 422 for a number that cannot be one where the restaurant is, on the call's own field name. */
export const phoneRefused = (c: Context, field: "phone" | "phoneCustomer" = "phone") => invalid(c, { [field]: ["phoneInvalid"] });

/** The contract's phone (10 to 15 digits, docs/CONTRACT.md): E.164 without its "+", so "+971501234567" → "971501234567". */
export const contractPhone = (e164: string) => e164.replace(/^\+/, "");
