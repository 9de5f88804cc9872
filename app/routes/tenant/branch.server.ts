// Loader of the branch layout (/{domain}/{branch_id}/…): restaurant, branch, menus and the
// offers/new/popular lists, asked of the edge cache in parallel, once, for every screen below it.
import { data, type RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { cleanBrand } from "~/lib/brand";
import { rethrowUpstream } from "~/lib/route-errors.server";
import { socialHref, socialType } from "~/lib/social";
import { tenantBase } from "~/lib/tenant-paths";
import type { MenuData, OffersData, Product } from "../../../worker/upstream/schemas";
import { idParam } from "./ids.server";
import { openStretches } from "../../../worker/rules/opening-hours";
import { bothServed, servedStretches, windowsOn } from "../../../worker/rules/menu-hours";
import type { OpenStretches } from "../../../worker/rules/open-stretches";
import { pageLifetime } from "~/lib/route-headers";
import { peopleLocale } from "../../../worker/rules/date-locale";
import { requireBranchTable, tenantParams } from "./params.server";
import { dialable, exampleNumber } from "../../../worker/rules/e164";
import { imageUrl } from "../../../worker/rules/image-url";
import { moneyOf } from "./products.server";
import { branchHead } from "./head.server";

export const SYNTHETIC_MENUS = ["offers", "new", "popular"] as const;
export type SyntheticMenuId = (typeof SYNTHETIC_MENUS)[number];

export interface MenuTile {
  id: string;
  name_en: string;
  name_ar: string;
  image: string | null;
  synthetic: boolean;
}

const visible = (products: Product[]) => products.filter((p) => !p.hidden);

/** Offers, New and Popular as menus before the real ones, each only when it has something to show. */
function syntheticMenus(
  offers: OffersData | null,
  branch: { image_offer: string | null; image_new: string | null; image_common: string | null },
): { id: SyntheticMenuId; products: Product[]; image: string | null }[] {
  if (!offers) return [];
  const sections = [
    { id: "offers" as const, products: visible(offers.offer), image: branch.image_offer ?? offers.image_offer },
    { id: "new" as const, products: visible(offers.new), image: branch.image_new ?? offers.image_new },
    { id: "popular" as const, products: visible(offers.common), image: branch.image_common ?? offers.image_common },
  ];
  return sections.filter((s) => s.products.length > 0).map((s) => ({ ...s, image: s.image ?? s.products.find((p) => p.image)?.image ?? null }));
}

export async function loadBranch(request: Request, context: Readonly<RouterContextProvider>, params: { domain?: string; table?: string; branchId?: string }) {
  const tenant = tenantParams(params, context);
  const branchId = idParam(params.branchId);
  const { upstream, visits } = getApp(context);
  visits.count("b", branchId);
  const now = Date.now();
  const [menu, offers] = await Promise.all([
    upstream.getMenu(tenant.domain, branchId),
    // Offers only decorate the page: their failure must not take it down (spec: 'Unknown Error' is no error).
    upstream.getProductPriceOffer(tenant.domain, branchId).catch(() => null),
  ]).catch(rethrowUpstream);
  // A code of a table the branch no longer has (its number of tables lowered) says so before anything is ordered.
  requireBranchTable(tenant.table, menu.branch);
  await branchHead(context, tenant.domain, menu, now);
  const image = (path: string | null) => imageUrl(path, upstream.imageBase);
  const synthetic = syntheticMenus(offers, menu.branch);
  const base = `${tenantBase(tenant)}/${branchId}`;
  const body = {
    domain: tenant.domain,
    table: tenant.table,
    home: tenantBase(tenant),
    base,
    imageBase: upstream.imageBase,
    restaurant: {
      name_en: menu.restaurant.name_en,
      name_ar: menu.restaurant.name_ar,
      logo: image(menu.restaurant.logo),
      currency: menu.restaurant.currency ?? "AED",
      /** The country's example mobile, locally and with its code: the checkout's phone hint. */
      phoneExample: exampleNumber(menu.restaurant.country),
      /** Its selling terms (percentages): VAT included in the prices, a service charge, tip presets for card payments. */
      terms: { vat_rate: menu.restaurant.vat_rate, service_rate: menu.restaurant.service_rate, tips: menu.restaurant.tips },
      /** The step of every amount it charges, in minor units (docs/decisions/0079): its provider's, else its currency's. */
      chargeStep: moneyOf(menu.restaurant).step,
      /** What its diners pay by card with, in the order named beside the pay button (KNET, Apple Pay, cards). */
      cardMethods: menu.restaurant.card_methods,
    },
    branch: {
      id: menu.branch.id,
      name_en: menu.branch.name_en,
      name_ar: menu.branch.name_ar,
      description_en: menu.branch.description_en,
      description_ar: menu.branch.description_ar,
      address_en: menu.branch.address_en,
      address_ar: menu.branch.address_ar,
      // Written for people and dialled in E.164, read in the restaurant's country (docs/decisions/0059).
      phone: dialable(menu.branch.phone, menu.restaurant.country),
      mobile: dialable(menu.branch.mobile, menu.restaurant.country),
      takesOrders: menu.branch.active_order,
      paymentMode: menu.branch.payment_mode,
      /** Diners at a table may call a waiter or ask for the bill (the embedded API's switch). */
      serviceCalls: menu.branch.service_calls,
      pausedUntil: menu.branch.paused_until,
      timeZone: menu.branch.time_zone,
      /** The restaurant's country: the branch's dates read in its Arabic (`ar-SA`), worker/rules/date-locale.ts. */
      country: menu.restaurant.country,
      /** Its locale in each language (worker/rules/date-locale.ts), for the ordering notice on the first load. */
      locales: { en: peopleLocale("en", menu.restaurant.country), ar: peopleLocale("ar", menu.restaurant.country) },
      openingHours: menu.branch.opening_hours,
      /** When it is open around this render, in instants (the diner's page asks them with its own clock). */
      openStretches: openStretches(menu.branch.opening_hours, menu.branch.time_zone, now),
    },
    // The order token lives in an HttpOnly cookie (ordering issue); its presence shows the orders link.
    hasOrders: getApp(context).pageCookies.orderBranches.has(branchId),
    /** This render's clock: the ordering state's first render uses it (app/lib/ordering-state.tsx). */
    renderedAt: now,
    brand: cleanBrand(menu.style),
    social: menu.social.flatMap((s) => {
      const type = socialType(s.type);
      const href = socialHref(s.value, type, menu.restaurant.country);
      return type && href ? [{ type, href, name: s.name }] : [];
    }),
    ...servedByKey(menu.menu, menu.branch.time_zone, now),
    menus: [
      ...synthetic.map((s): MenuTile => ({ id: s.id, name_en: "", name_ar: "", image: image(s.image), synthetic: true })),
      ...menu.menu.map((m): MenuTile => ({ id: String(m.id), name_en: m.name_en, name_ar: m.name_ar, image: image(m.image), synthetic: false })),
    ],
  };
  return data(body, { headers: pageLifetime(nextChange([body.branch.openStretches, ...Object.values(body.menuStretches)], now), now) });
}

/**
 * When each real menu with windows is served around this render, and its windows on this day, by menu
 * id; a category with windows of its own under `c{id}`, inside its menu's (app/lib/ordering-state.tsx).
 */
function servedByKey(menus: MenuData["menu"], zone: string | null, now: number) {
  const rows = menus.flatMap((m) => [
    ...(m.served ? [{ key: String(m.id), served: m.served, stretches: servedStretches(m.served, zone, now) }] : []),
    ...m.served_categories.map((c) => ({
      key: `c${c.id}`,
      served: c.served,
      stretches: bothServed(servedStretches(m.served, zone, now), servedStretches(c.served, zone, now)),
    })),
  ]);
  return {
    menuStretches: Object.fromEntries(rows.map((r) => [r.key, r.stretches])),
    menuWindows: Object.fromEntries(rows.map((r) => [r.key, windowsOn(r.served, zone, now)])),
  };
}

/** The first moment after `now` at which any of these stretches opens or closes (null: none within them). */
function nextChange(all: OpenStretches[], now: number): number | null {
  const edges = all.flatMap((stretches) => (stretches ?? []).flat()).filter((t) => t > now);
  return edges.length ? Math.min(...edges) : null;
}

export type BranchData = Awaited<ReturnType<typeof loadBranch>>["data"];
