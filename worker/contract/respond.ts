// The existing backend's answer shapes (docs/CONTRACT.md "Conventions"), reproduced exactly.
import type { Context } from "hono";
import type { NotServed } from "../restaurant/pricing";

export const ok = <T>(c: Context, data: T) => c.json({ errors: [] as never[], errorCode: "", data }, 200);

/** Unknown or inactive restaurant: 403 without the envelope. */
export const inactive = (c: Context) => c.json({ error: "Restaurant is not active" }, 403);
export const branchNotFound = (c: Context) => c.json({ error: "Branch not found" }, 403);
export const productNotFound = (c: Context) => c.json({ error: "Product not found" }, 404);

/** A missing, wrong or expired credential (a bearer token, a restaurant's key): Laravel's 401 body. */
export const unauthenticated = (c: Context) => c.json({ error: "Unauthenticated" }, 401);

/** Laravel's validation failure: 422 with field → codes. */
export const invalid = (c: Context, errors: Record<string, string[]>) => c.json({ errors, errorCode: 0, data: [] as never[] }, 422);

/** A table above the branch's number of tables (worker/rules/table-number.ts): 422 on `table_id`, saying its tables. */
export const noSuchTable = (c: Context, lastTable: number) =>
  c.json({ errors: { table_id: ["max"] }, errorCode: 0, message: `This branch has tables 1 to ${lastTable}.`, data: [] as never[] }, 422);

/** The branch cannot take this request as it is (ordering off, another payment mode): 409 with a code. */
export const conflict = (c: Context, errorCode: "ordering_off" | "payment_mode" | "pickup_off") =>
  c.json({ errors: [] as never[], errorCode, data: [] as never[] }, 409);

/** The branch paused new orders (the board's switch): 409 with the moment it resumes (unix ms). */
export const paused = (c: Context, pausedUntil: number) =>
  c.json({ errors: [] as never[], errorCode: "paused", message: "Ordering is paused at this branch.", data: { paused_until: pausedUntil } }, 409);

/** The branch is outside its opening hours: 409 with the next opening (unix ms; null: none within 7 days). */
export const closed = (c: Context, opensAt: number | null) =>
  c.json({ errors: [] as never[], errorCode: "closed", message: "This branch is closed now.", data: { opens_at: opensAt } }, 409);

/** A dish's menu or category is not served now (worker/rules/menu-hours.ts): 409 `menu_closed` or `category_closed`, naming it. */
export const menuClosed = (c: Context, served: NotServed, extra: object = {}) =>
  served.category_id === undefined
    ? c.json({ errors: [] as never[], errorCode: "menu_closed", message: "This menu is not served now.", data: served, ...extra }, 409)
    : c.json({ errors: [] as never[], errorCode: "category_closed", message: "This part of the menu is not served now.", data: served, ...extra }, 409);

/** A limit was reached: 429 with the seconds to wait, in the body and in Retry-After. */
export const rateLimited = (c: Context, retryAfter: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfter));
  return c.json({ errors: [] as never[], errorCode: "rate_limited", data: { retry_after: seconds } }, 429, { "Retry-After": String(seconds) });
};

/** The restaurant's daily SMS budget is spent: 503 until its local midnight (seconds in Retry-After and the body). */
export const smsBudgetSpent = (c: Context, retryAfter: number) =>
  c.json({ errors: [] as never[], errorCode: "sms_budget", message: "This restaurant cannot send more codes today.", data: { retry_after: retryAfter } }, 503, {
    "Retry-After": String(retryAfter),
  });

/** No provider for this feature in this deployment, or the database failed: a clear 503, never a stack trace. */
export const unavailable = (c: Context, errorCode: "sms_unavailable" | "payment_unavailable" | "unavailable", message: string) =>
  c.json({ errors: [] as never[], errorCode, message, data: [] as never[] }, 503, { "Retry-After": "30" });
