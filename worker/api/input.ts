// Request bodies as the Laravel backend takes them: JSON or a form. Every field is parsed with
// valibot; numbers may arrive as numeric strings. A bad body is a 422, never a 500.
import type { Context } from "hono";
import { validator } from "hono/validator";
import * as v from "valibot";
import { invalid } from "./respond";

export const Domain = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100));
export const IdField = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,10}$/))]),
  v.transform(Number),
  v.integer(),
  v.minValue(1),
  v.maxValue(2_147_483_647),
);
export const VisitField = v.optional(v.pipe(v.union([v.literal(0), v.literal(1), v.picklist(["0", "1"])]), v.transform(Number)), 0);

/** Declares the JSON body type for Hono's typed client; the handler reads the body with `readInput`. */
export const typed = <T>() => validator("json", (value) => value as T);

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
