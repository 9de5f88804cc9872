// Search over the branch's whole catalogue, on the server, from the cached catalogue entry.
import type { RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { rethrowUpstream } from "~/lib/route-errors.server";
import { buildSearchIndex } from "~/lib/search";
import { idParam } from "./ids.server";
import { tenantParams } from "./params.server";
import { moneyOf, visibleCards, windowedCategories } from "./products.server";

const Query = v.pipe(v.optional(v.string(), ""), v.trim(), v.maxLength(100));
const RESULT_LIMIT = 60;

export async function loadSearch(request: Request, context: Readonly<RouterContextProvider>, params: { domain?: string; table?: string; branchId?: string }) {
  const tenant = tenantParams(params, context);
  const branchId = idParam(params.branchId);
  const raw = new URL(request.url).searchParams.get("q") ?? undefined;
  const query = v.safeParse(Query, raw);
  const q = query.success ? query.output : (raw ?? "").slice(0, 100).trim();
  if (!q) return { q, products: [] };
  const { upstream } = getApp(context);
  const [catalogue, menus] = await Promise.all([upstream.getCatalogue(tenant.domain, branchId), upstream.getMenu(tenant.domain, branchId)]).catch(
    rethrowUpstream,
  );
  const visible = catalogue.products.filter((p) => !p.hidden);
  const found = buildSearchIndex(visible).match(q, RESULT_LIMIT);
  return { q, products: visibleCards(found, upstream.imageBase, moneyOf(menus.restaurant), windowedCategories(menus.menu)) };
}
