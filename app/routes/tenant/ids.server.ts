// Numeric ids from the URL (the one id rule, worker/rules/ids.ts); anything else is a 404.
import * as v from "valibot";
import { notFound } from "~/lib/route-errors.server";
import { IdText } from "../../../worker/rules/ids";

/** The id a URL's segment holds, or null when it holds none (a synthetic list's name: "offers"). */
export function idOrNull(value: string | undefined): number | null {
  const parsed = v.safeParse(IdText, value);
  return parsed.success ? parsed.output : null;
}

/** The id a URL's segment must hold, else a 404. */
export function idParam(value: string | undefined): number {
  const id = idOrNull(value);
  if (id === null) throw notFound();
  return id;
}
