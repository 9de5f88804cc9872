// Numeric ids from the URL: positive integers that fit the API's columns; anything else is a 404.
import * as v from "valibot";
import { notFound } from "~/lib/route-errors.server";

const Id = v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,9}$/), v.transform(Number), v.maxValue(2_147_483_647));

export function idParam(value: string | undefined): number {
  const parsed = v.safeParse(Id, value);
  if (!parsed.success) throw notFound();
  return parsed.output;
}
