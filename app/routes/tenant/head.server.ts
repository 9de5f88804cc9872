// Each diner screen's head facts (app/lib/page-head.server.ts) from the data its loader already read:
// the branch list, a branch (its home and the screens without facts of their own), a menu page, a dish.
import type { RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { headSentence, offerBase, offerScreen, siteOf, type HeadSite } from "~/lib/page-head.server";
import { localized } from "~/lib/localized";
import { menuItem, menuSchema, restaurantSchema, type Dish } from "~/lib/structured-data.server";
import type { BranchesData, Category, MenuData } from "../../../worker/upstream/schemas";
import { dialable } from "../../../worker/rules/e164";
import { imageUrl } from "../../../worker/rules/image-url";
import { shareImage } from "../../../worker/rules/share-image";
import type { ProductCardData } from "./products.server";

type Restaurant = MenuData["restaurant"];
type Branch = MenuData["branch"];

const both = (record: { name_en: string; name_ar: string }, site: HeadSite): [string, string] => [
  localized(record, "name", site.lang),
  localized(record, "name", site.lang === "ar" ? "en" : "ar"),
];

/** A number in E.164 ("+97143881234"), or null when none can be read. */
const e164 = (number: string | null, country: string) => dialable(number, country)?.href?.slice("tel:".length) ?? null;

function branchSchema(site: HeadSite, restaurant: Restaurant, branch: Branch, logo: string | null, now: number) {
  const home = site.url(`/${site.domain}/${branch.id}`);
  const name = both(restaurant, site);
  const branchName = both(branch, site);
  return restaurantSchema(
    {
      names: [`${name[0]} · ${branchName[0]}`, `${name[1]} · ${branchName[1]}`],
      description: localized(branch, "description", site.lang) || localized(restaurant, "description", site.lang),
      address: localized(branch, "address", site.lang) || null,
      telephone: e164(branch.phone, restaurant.country) ?? e164(branch.mobile, restaurant.country),
      url: home,
      menuUrl: home,
      logo,
      currency: restaurant.currency ?? "AED",
      country: restaurant.country,
      hours: branch.opening_hours,
      timeZone: branch.time_zone,
    },
    now,
  );
}

/** The branch list (/{domain}, or / on the restaurant's own hostname): the restaurant, each branch a Restaurant. */
export async function branchListHead(context: Readonly<RouterContextProvider>, domain: string, answer: BranchesData) {
  const site = await siteOf(context, domain);
  if (!site) return;
  const { restaurant } = answer;
  const logoUrl = imageUrl(restaurant.logo, getApp(context).upstream.imageBase);
  const logo = site.absolute(logoUrl);
  const name = localized(restaurant, "name", site.lang);
  offerBase(context, site, {
    country: restaurant.country,
    siteName: name,
    description: localized(restaurant, "description", site.lang) || headSentence(site.lang, "restaurant", { restaurant: name }),
    image: shareImage(logoUrl),
    jsonLd: answer.branch.map((b) => branchSchema(site, restaurant, b, logo, Date.now())),
  });
}

/** A branch's pages: the branch's words (else the restaurant's, else a sentence), its logo, the branch as a Restaurant. */
export async function branchHead(context: Readonly<RouterContextProvider>, domain: string, menu: MenuData, now: number) {
  const site = await siteOf(context, domain);
  if (!site) return;
  const { restaurant, branch } = menu;
  const logoUrl = imageUrl(restaurant.logo, getApp(context).upstream.imageBase);
  const logo = site.absolute(logoUrl);
  const name = localized(restaurant, "name", site.lang);
  const described = localized(branch, "description", site.lang) || localized(restaurant, "description", site.lang);
  const sentence = headSentence(site.lang, "branch", {
    restaurant: name,
    branch: localized(branch, "name", site.lang),
    address: localized(branch, "address", site.lang),
  });
  offerBase(context, site, {
    country: restaurant.country,
    siteName: name,
    description: described || sentence,
    image: shareImage(logoUrl),
    jsonLd: [branchSchema(site, restaurant, branch, logo, now)],
  });
}

const dishOf = (p: ProductCardData, site: HeadSite, path: string): Dish => ({
  name: localized(p, "name", site.lang),
  description: localized(p, "description", site.lang) || null,
  url: site.url(path),
  image: site.absolute(p.image),
  price: p.price,
  price_offer: p.price_offer,
  calories: p.calories,
  allergens: p.allergens,
  tags: p.tags,
});

interface Where {
  domain: string;
  branchId: number;
  restaurant: Restaurant;
  branch: Branch;
}

/** A menu page: the menu's sentence, and the shown category's dishes as Menu → MenuSection → MenuItem. */
export async function menuHead(
  context: Readonly<RouterContextProvider>,
  at: Where,
  menu: MenuData["menu"][number],
  category: Category | null,
  dishes: ProductCardData[],
) {
  const site = await siteOf(context, at.domain);
  if (!site) return;
  const base = `/${at.domain}/${at.branchId}/${menu.id}`;
  const menuName = localized(menu, "name", site.lang);
  const words = { menu: menuName, restaurant: localized(at.restaurant, "name", site.lang), branch: localized(at.branch, "name", site.lang) };
  const section = category && { name: localized(category, "name", site.lang), url: site.url(`${base}?category=${category.id}`) };
  const picture = shareImage(imageUrl(menu.image, getApp(context).upstream.imageBase));
  offerScreen(context, {
    description: headSentence(site.lang, "menu", words),
    // The menu's picture (its share copy; never an SVG), else the branch's logo (the base's).
    ...(picture && { image: picture, largeImage: true }),
    jsonLd: [
      menuSchema(
        { name: menuName, url: site.url(base) },
        section,
        dishes.map((d) => dishOf(d, site, `${base}/${d.id}`)),
        at.restaurant.currency ?? "AED",
      ),
    ],
  });
}

/** A dish's page: its own words and picture (else a sentence and the logo), the dish as a MenuItem. */
export async function dishHead(context: Readonly<RouterContextProvider>, at: Where, dish: ProductCardData, menuId: number | null) {
  const site = await siteOf(context, at.domain);
  if (!site) return;
  // Under its menu's path; a dish of no menu (reached through offers, new or popular) at this page's own.
  const item = { ...dishOf(dish, site, `/${at.domain}/${at.branchId}/${menuId}/${dish.id}`), ...(menuId === null && { url: site.here }) };
  const words = { dish: item.name, restaurant: localized(at.restaurant, "name", site.lang), branch: localized(at.branch, "name", site.lang) };
  const picture = shareImage(dish.image);
  offerScreen(context, {
    description: item.description ?? headSentence(site.lang, "dish", words),
    // The dish's picture (its share copy; never an SVG), else the logo (the base's).
    ...(picture && { image: picture, largeImage: true }),
    jsonLd: [menuItem(item, at.restaurant.currency ?? "AED")],
  });
}
