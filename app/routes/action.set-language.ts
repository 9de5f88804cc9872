// POST /action/set-language (lang, returnTo): stores the choice and returns to the same page.
// A plain form post, so it also works before the page's JavaScript has loaded.
import { data, redirect } from "react-router";
import * as v from "valibot";
import type { Route } from "./+types/action.set-language";
import { safeLocalPath } from "~/lib/safe-path";
import { languageCookie } from "~/middleware/language";
import { readForm } from "~/lib/form-body.server";

const Form = v.object({ lang: v.picklist(["en", "ar"]), returnTo: v.optional(v.string(), "/") });

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = v.safeParse(Form, form ? Object.fromEntries(form) : undefined);
  if (!parsed.success) return data({ error: "lang must be en or ar" }, { status: 400 });
  // The page's own ?lng= would override the choice just made.
  const target = new URL(safeLocalPath(parsed.output.returnTo), "http://local.invalid");
  target.searchParams.delete("lng");
  return redirect(`${target.pathname}${target.search}${target.hash}`, {
    status: 303,
    headers: { "Set-Cookie": await languageCookie(request).serialize(parsed.output.lang) },
  });
}
