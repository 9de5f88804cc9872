// Before ordering, each cart line is checked against the current menu: a product that became
// hidden or unavailable, whose menu is not served now, or whose price changed, is reported for the
// diner to fix — never dropped.
import type { Upstream } from "../../../worker/upstream/client";
import type { CheckoutLine } from "./checkout.server";
import { payablePrice } from "../../../worker/rules/offer-price";
import { checkChoices } from "../../../worker/rules/option-rules";
import { bothServed, servedStretches } from "../../../worker/rules/menu-hours";
import { stateAt } from "../../../worker/rules/open-stretches";
import { minorUnits, roundMoney } from "../../../worker/rules/money";

export interface LineProblem {
  index: number;
  /** `options`: the line's choices no longer keep the dish's rules (a group became required, say). */
  /** `notServed`: its menu (or its category) is outside its windows now (worker/rules/menu-hours.ts). */
  reason: "gone" | "unavailable" | "notServed" | "price" | "options";
  price?: number;
}

export async function checkLines(upstream: Upstream, domain: string, branchId: number, lines: CheckoutLine[], now = Date.now()): Promise<LineProblem[]> {
  const [catalogue, { menu: menus, branch, restaurant }] = await Promise.all([upstream.getCatalogue(domain, branchId), upstream.getMenu(domain, branchId)]);
  const byId = new Map(catalogue.products.map((p) => [p.id, p]));
  // Its menu's windows, and its category's inside them when the category has its own.
  const served = ({ menu_id, category_id }: { menu_id: number | null; category_id: number | null }) => {
    const menu = menus.find((m) => m.id === menu_id);
    const category = menu?.served_categories.find((c) => c.id === category_id);
    return stateAt(bothServed(servedStretches(menu?.served, branch.time_zone, now), servedStretches(category?.served, branch.time_zone, now)), now).open;
  };
  const problems: LineProblem[] = [];
  lines.forEach((line, index) => {
    const product = byId.get(line.id);
    if (!product || product.hidden) return void problems.push({ index, reason: "gone" });
    if (product.unavailable) return void problems.push({ index, reason: "unavailable" });
    if (!served(product)) return void problems.push({ index, reason: "notServed" });
    const groups = product.option ?? [];
    const subs = groups.flatMap((o) => o.subOption.map((s) => ({ ...s, group: o.id })));
    const chosen = line.options.flatMap((o) =>
      o.sub_option_id === null ? [] : [{ id: o.sub_option_id, group: subs.find((s) => s.id === o.sub_option_id)?.group ?? null }],
    );
    if (checkChoices(groups, chosen).length > 0) return void problems.push({ index, reason: "options" });
    const extras = line.options.reduce((sum, o) => sum + (subs.find((s) => s.id === o.sub_option_id)?.price ?? 0), 0);
    const currency = restaurant.currency ?? "AED";
    const price = roundMoney(payablePrice(product) + extras, currency);
    if (minorUnits(price, currency) !== minorUnits(line.unit_price, currency)) problems.push({ index, reason: "price", price });
  });
  return problems;
}
