// Request bodies as the Laravel backend takes them: JSON or a form. Every field is parsed with
// valibot; numbers may arrive as numeric strings. A bad body is a 422, never a 500.
import type { Context, MiddlewareHandler } from "hono";
import * as v from "valibot";
import { invalid } from "./respond";

// Messages are Laravel-like rule names: they become the codes of the 422 answer.
export const Domain = v.pipe(v.string("string"), v.trim(), v.minLength(1, "required"), v.maxLength(100, "max"));
export const IdField = v.pipe(
  v.union([v.number("integer"), v.pipe(v.string("integer"), v.trim(), v.regex(/^\d{1,10}$/, "integer"))], "integer"),
  v.transform(Number),
  v.integer("integer"),
  v.minValue(1, "min"),
  v.maxValue(2_147_483_647, "max"),
);
export const VisitField = v.optional(v.pipe(v.union([v.literal(0), v.literal(1), v.picklist(["0", "1"])], "in"), v.transform(Number)), 0);

/**
 * Declares the JSON body type for Hono's typed client (`hc<ApiType>`) without reading the body:
 * the handler parses it with `readInput`, which also takes forms and turns bad JSON into a 422.
 */
export const typed =
  <T>(): MiddlewareHandler<{ Bindings: Env }, string, { in: { json: T }; out: { json: T } }> =>
  async (_c, next) => {
    await next();
  };

async function readBody(c: Context): Promise<unknown> {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "multipart/form-data" || type === "application/x-www-form-urlencoded") {
    return Object.fromEntries(await c.req.formData());
  }
  const text = await c.req.text();
  return text.trim() === "" ? {} : JSON.parse(text);
}

/** The parsed body, or the 422 answer to send. */
export async function readInput<S extends v.ObjectSchema<v.ObjectEntries, undefined>>(
  c: Context,
  schema: S,
): Promise<{ ok: true; value: v.InferOutput<S> } | { ok: false; response: Response }> {
  let body: unknown;
  try {
    body = await readBody(c);
  } catch {
    return { ok: false, response: invalid(c, { body: ["json"] }) };
  }
  const parsed = v.safeParse(schema, body ?? {});
  if (parsed.success) return { ok: true, value: parsed.output };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.issues) {
    const field = issue.path?.map((p) => String(p.key)).join(".") || "body";
    // A schema's own short code (e.g. "phoneInvalid") wins over valibot's generic expectation.
    const code = issue.input === undefined ? "required" : /^[A-Za-z_]+$/.test(issue.message) ? issue.message : (issue.expected ?? issue.type);
    (errors[field] ??= []).push(code.replace(/^"|"$/g, ""));
  }
  return { ok: false, response: invalid(c, errors) };
}
