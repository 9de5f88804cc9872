// Loader of a product list: a real menu (its categories, the chosen or first category's products)
// or one of the synthetic menus offers/new/popular (their lists, no categories).
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { getLanguage } from "~/middleware/language";
import { scriptCookie } from "~/lib/cookies.server";
import { ViewName } from "~/lib/page-headers";
import { notFound, rethrowUpstream } from "~/lib/route-errors.server";
import type { Category } from "../../../worker/upstream/schemas";
import type { Language } from "~/locales";
import { SYNTHETIC_MENUS, type SyntheticMenuId } from "./branch.server";
import { idParam } from "./ids.server";
import { tenantParams } from "./params.server";
import { inLanguage, moneyOf, visibleCards, windowedCategories, type ProductCardData } from "./products.server";
import { menuHead } from "./head.server";
import { DIET_FILTERS, dietFromSearch, dietView, toggleDiet } from "~/lib/dietary-filter";

const SYNTHETIC_LIST = { offers: "offer", new: "new", popular: "common" } as const;

const isSynthetic = (menu: string | undefined): menu is SyntheticMenuId => SYNTHETIC_MENUS.includes(menu as SyntheticMenuId);

/**
 * The list under the URL's dietary filter (`?diet=`), how many dishes it leaves out only because their
 * allergens are not declared, and each chip's state and link: decided here, so the page's script
 * carries no filter rules; and whether the page shows the daily-needs statement.
 */
function underDiet(cards: ProductCardData[], url: URL, lang: Language) {
  const diet = dietFromSearch(url.search);
  const { products, undeclared } = dietView(inLanguage(cards, lang), diet);
  const dietChips = DIET_FILTERS.map((filter) => ({ filter, on: diet.includes(filter), href: toggleDiet(url.search, filter) }));
  // SFDA's statement of daily needs goes on a page whose dishes give calories (docs/decisions/0070).
  return { products, undeclared, dietChips, dailyNeeds: cards.some((p) => p.calories !== null) };
}

export async function loadProductList(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { domain?: string; table?: string; branchId?: string; menu?: string },
) {
  const tenant = tenantParams(params, context);
  const branchId = idParam(params.branchId);
  const url = new URL(request.url);
  const { upstream, visits, pageCookies } = getApp(context);
  // A ?view= link comes first; else the diner's last choice (its cookie, read once per request).
  const asked = url.searchParams.get("view");
  const view = v.is(ViewName, asked) ? asked : pageCookies.view;
  const common = { view, viewCookie: scriptCookie(url, "view"), menu: params.menu ?? "" };

  if (isSynthetic(params.menu)) {
    const [branchMenus, offers] = await Promise.all([
      upstream.getMenu(tenant.domain, branchId), // the branch must exist (403 → 404)
      upstream.getProductPriceOffer(tenant.domain, branchId),
    ]).catch(rethrowUpstream);
    const products = visibleCards(
      offers[SYNTHETIC_LIST[params.menu]],
      upstream.imageBase,
      moneyOf(branchMenus.restaurant),
      windowedCategories(branchMenus.menu),
    );
    if (products.length === 0) throw notFound();
    return data({ ...common, categories: [] as Category[], categoryId: null, served: null, ...underDiet(products, url, getLanguage(context)) });
  }

  const menuId = idParam(params.menu);
  visits.count("m", menuId);
  const [branchMenus, categories] = await Promise.all([
    upstream.getMenu(tenant.domain, branchId),
    // Spec: category fetch errors are swallowed (the list is just empty).
    upstream.getCategory(tenant.domain, menuId).catch((): Category[] => []),
  ]).catch(rethrowUpstream);
  const menu = branchMenus.menu.find((m) => m.id === menuId);
  if (!menu) throw notFound();
  const requested = url.searchParams.get("category");
  const categoryId = requested === null ? (categories[0]?.id ?? null) : idParam(requested);
  if (categoryId !== null && !categories.some((c) => c.id === categoryId)) throw notFound();
  if (categoryId !== null) visits.count("c", categoryId);
  const products = categoryId ? await upstream.getProduct(tenant.domain, categoryId).catch(rethrowUpstream) : [];
  const windowed = windowedCategories(branchMenus.menu);
  // The notice above the list: the chosen category's windows when it has its own (inside the menu's), else the menu's.
  const served = categoryId !== null && windowed.has(categoryId) ? `c${categoryId}` : String(menuId);
  const cards = visibleCards(products, upstream.imageBase, moneyOf(branchMenus.restaurant), windowed, menuId);
  const where = { domain: tenant.domain, branchId, restaurant: branchMenus.restaurant, branch: branchMenus.branch };
  await menuHead(context, where, menu, categories.find((c) => c.id === categoryId) ?? null, cards);
  return data({ ...common, categories, categoryId, served, ...underDiet(cards, url, getLanguage(context)) });
}
