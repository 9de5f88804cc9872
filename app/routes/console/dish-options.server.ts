// /console/menu/dishes/:productId (managers and owners): a dish's option groups, choices, allergens
// and tags. Another restaurant's dish, group or choice is a 404 (nothing written); a form that breaks
// the rules is a 422 with a code beside each field, and the typed values come back to be kept.
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, ConsoleId, requireMember } from "~/lib/console-session.server";
import { readForm } from "~/lib/form-body.server";
import { priceStepOf, dishEditor, DishOptionsInput, ruleErrors, saveDishOptions, type FieldErrors } from "../../../worker/console/dish-options";

const notFound = () => data({ error: "no such dish in this restaurant" }, { status: 404, headers: CONSOLE_HEADERS });

async function dishOf(request: Request, context: Readonly<RouterContextProvider>, param: string | undefined) {
  const { env } = getApp(context);
  const { member } = await requireMember(request, env, "menu");
  const id = v.safeParse(ConsoleId, param ?? "");
  if (!id.success) throw notFound();
  const dish = await dishEditor(env, { id: member.restaurant_id, country: member.country }, id.output, member.currency);
  if (!dish) throw notFound();
  return { env, member, dish };
}

export async function loadDishOptions(request: Request, context: Readonly<RouterContextProvider>, productId: string | undefined) {
  const { env, member, dish } = await dishOf(request, context, productId);
  return data({ dish, currency: member.currency }, { headers: CONSOLE_HEADERS });
}

type DishOptionsOutcome = { ok: true } | { ok: false; errors: FieldErrors; values: unknown };

export async function dishOptionsAction(request: Request, context: Readonly<RouterContextProvider>, productId: string | undefined) {
  const { env, member, dish } = await dishOf(request, context, productId);
  const form = await readForm(request);
  const raw = form?.get("payload");
  let json: unknown;
  try {
    json = typeof raw === "string" ? JSON.parse(raw) : undefined;
  } catch {
    json = undefined;
  }
  if (json === undefined) return data({ error: "payload must be the editor's JSON" }, { status: 400, headers: CONSOLE_HEADERS });
  const parsed = v.safeParse(DishOptionsInput, json);
  const errors: FieldErrors = parsed.success
    ? ruleErrors(parsed.output, member.currency, await priceStepOf(env, { id: member.restaurant_id, currency: member.currency }))
    : Object.fromEntries([...parsed.issues].reverse().map((i) => [v.getDotPath(i) ?? "form", i.message]));
  if (!parsed.success || Object.keys(errors).length > 0) {
    return data({ ok: false, errors, values: json } satisfies DishOptionsOutcome, { status: 422, headers: CONSOLE_HEADERS });
  }
  const saved = await saveDishOptions(
    env,
    { id: member.restaurant_id, country: member.country, domain: member.domain, currency: member.currency },
    dish.product.id,
    parsed.output,
  );
  if (saved !== "saved") throw notFound();
  return data({ ok: true } satisfies DishOptionsOutcome, { headers: CONSOLE_HEADERS });
}
