// The existing backend's answer shapes (CONTRACT.md "Conventions"), reproduced exactly.
import type { Context } from "hono";

export const ok = <T>(c: Context, data: T) => c.json({ errors: [] as never[], errorCode: "", data }, 200);

/** Unknown or inactive restaurant: 403 without the envelope. */
export const inactive = (c: Context) => c.json({ error: "Restaurant is not active" }, 403);
export const branchNotFound = (c: Context) => c.json({ error: "Branch not found" }, 403);
export const productNotFound = (c: Context) => c.json({ error: "Product not found" }, 404);

/** Laravel's validation failure: 422 with field → codes. */
export const invalid = (c: Context, errors: Record<string, string[]>) => c.json({ errors, errorCode: 0, data: [] as never[] }, 422);
