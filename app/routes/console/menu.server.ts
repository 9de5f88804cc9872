// /console/menu (managers and owners): one branch's menus at a time (`?branch=`), and the editor's
// action, dispatched by intent. Ids of another restaurant answer 404, bad fields 422 with a code per
// field (and what was typed, so the form keeps it); every change purges the tenant's diner cache.
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, ConsoleId, requireMember } from "~/lib/console-session.server";
import { readForm } from "~/lib/form-body.server";
import {
  brandStyleOf,
  copyMenu,
  createCategory,
  createDish,
  createMenu,
  deleteRow,
  duplicateDish,
  menuBranches,
  menuPictures,
  menuTree,
  parseServed,
  reorder,
  restaurantOf,
  setServed,
  undeclaredDishes,
  updateCategory,
  updateDish,
  updateMenu,
  type EditorResult,
  priceStepOf,
} from "../../../worker/console/menu";
import { DishFields, dishFieldsFor, fieldErrors, Intent, Names } from "../../../worker/rules/menu-forms";

const Query = v.object({ branch: v.optional(ConsoleId) });

export async function loadMenu(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member } = await requireMember(request, env, "menu");
  const query = v.safeParse(Query, Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw data({ error: "branch must be a branch id" }, { status: 400, headers: CONSOLE_HEADERS });
  const restaurantId = member.restaurant_id;
  const tenant = { id: restaurantId, country: member.country };
  const [branches, restaurant, pictures, brand] = await Promise.all([
    menuBranches(env, tenant),
    restaurantOf(env.DB, restaurantId),
    menuPictures(env, tenant),
    brandStyleOf(env, tenant),
  ]);
  const branchId = query.output.branch ?? branches[0]?.id ?? null;
  const [menus, undeclared] =
    branchId === null
      ? [[], { total: 0, dishes: [] }]
      : await Promise.all([menuTree(env, tenant, branchId, member.currency), undeclaredDishes(env, tenant, branchId)]);
  if (!menus) throw data({ error: "no such branch in this restaurant" }, { status: 404, headers: CONSOLE_HEADERS });
  return data(
    {
      branchId,
      branches,
      menus,
      undeclared,
      pictures,
      brand,
      currency: restaurant?.currency ?? "AED",
      domain: restaurant?.domain ?? "",
    },
    { headers: CONSOLE_HEADERS },
  );
}

export type MenuActionData =
  | { ok: true; intent: string; id?: number }
  | {
      ok: false;
      intent: string;
      problem: "invalid" | "fields" | "notFound" | "notEmpty" | "mismatch";
      form?: string;
      errors?: Record<string, string>;
      values?: Record<string, string>;
      dishes?: number;
    };

const STATUS = { invalid: 400, fields: 422, mismatch: 422, notFound: 404, notEmpty: 409 } as const;
const answer = (outcome: MenuActionData) => data(outcome, { status: outcome.ok ? 200 : STATUS[outcome.problem], headers: CONSOLE_HEADERS });

export async function menuAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member } = await requireMember(request, env, "menu");
  const form = await readForm(request);
  const fields = form ? Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string")) : {};
  const envelope = v.safeParse(Intent, form ? { ...fields, ids: form.getAll("ids") } : undefined);
  const intent = typeof fields.intent === "string" ? fields.intent : "";
  if (!envelope.success) {
    // A reorder's list that repeats an id or is too long is the form's fault (422); anything else is not a form of this screen.
    const fieldProblem = intent === "reorder" && envelope.issues.some((i) => v.getDotPath(i) === "ids");
    return answer({ ok: false, intent, problem: fieldProblem ? "fields" : "invalid", errors: fieldErrors(envelope.issues) });
  }
  const input = envelope.output;
  // Each write below purges the tenant's diner cache when it went through.
  const tenant = { id: member.restaurant_id, country: member.country, domain: member.domain };
  let result: EditorResult | { ok: true } | { ok: false; problem: "notFound" | "mismatch" };
  switch (input.intent) {
    case "menu-create":
    case "menu-update":
    case "category-create":
    case "category-update":
    case "dish-create":
    case "dish-update": {
      const dish = input.intent.startsWith("dish");
      // A dish's prices in as many decimals as the restaurant's currency has (2 for AED, 3 for KWD).
      const parsed = v.safeParse(
        dish ? dishFieldsFor(member.currency, await priceStepOf(env, { id: member.restaurant_id, currency: member.currency })) : Names,
        fields,
      );
      if (!parsed.success) return answer({ ok: false, intent, problem: "fields", form: fields.form, errors: fieldErrors(parsed.issues), values: fields });
      const values = parsed.output as v.InferOutput<typeof DishFields>;
      if (input.intent === "menu-create") result = await createMenu(env, tenant, input.branch, values);
      else if (input.intent === "menu-update") result = await updateMenu(env, tenant, input.id, values);
      else if (input.intent === "category-create") result = await createCategory(env, tenant, input.menu, values);
      else if (input.intent === "category-update") result = await updateCategory(env, tenant, input.id, values);
      else if (input.intent === "dish-create") result = await createDish(env, tenant, input.category, values, member.currency);
      else result = await updateDish(env, tenant, input.id, values, member.currency);
      break;
    }
    case "menu-served":
    case "category-served": {
      const parsed = parseServed(
        fields,
        form!.getAll("day").filter((d): d is string => typeof d === "string"),
      );
      if (!parsed.ok) return answer({ ok: false, intent, problem: "fields", form: fields.form, errors: fieldErrors(parsed.issues), values: fields });
      const level = input.intent === "menu-served" ? "menu" : "category";
      result = (await setServed(env, tenant, level, input.id, parsed.served)) ? { ok: true } : { ok: false, problem: "notFound" };
      break;
    }
    case "delete":
      result = await deleteRow(env, tenant, input.level, input.id, input.dishes);
      break;
    case "reorder":
      result = await reorder(env, tenant, input.level, input.parent, input.ids);
      break;
    case "dish-duplicate": {
      const id = await duplicateDish(env, tenant, input.id);
      result = id === null ? { ok: false, problem: "notFound" } : { ok: true, id };
      break;
    }
    case "menu-copy": {
      const id = await copyMenu(env, tenant, input.id, input.branch);
      result = id === null ? { ok: false, problem: "notFound" } : { ok: true, id };
      break;
    }
  }
  if (!result.ok) {
    const { ok: _failed, ...problem } = result;
    return answer({ ok: false, intent, ...problem });
  }
  return answer({ ok: true, intent, ...("id" in result ? { id: result.id } : {}) });
}
