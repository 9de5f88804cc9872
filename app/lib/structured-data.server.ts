// The diner pages' structured data (schema.org JSON-LD, docs/decisions/0077): a branch as a `Restaurant`,
// a menu page as `Menu` → `MenuSection` → `MenuItem`, a dish as a `MenuItem`; typed by schema-dts at
// compile time, bounded in size (a 1,000-dish category says its first MAX_ITEMS), and serialised so that
// no text of the restaurant's can end the script or break its line (app/lib/page-head.server.ts writes it).
import type { DayOfWeek, Menu, MenuItem, MenuSection, OpeningHoursSpecification, Restaurant, RestrictedDiet, Thing, WithContext } from "schema-dts";

/** A schema-dts type as a node (each type also admits a bare IRI string). */
export type Node<T> = Exclude<T, string>;
import { suitsDiet } from "./dietary-filter";
import type { Allergen, Tag } from "../../worker/rules/dietary";
import { isoWithOffset, branchZone } from "../../worker/rules/local-time";
import { currencyDigits, roundMoney } from "../../worker/rules/money";
import { hasOffer } from "../../worker/rules/offer-price";
import type { OpeningHours } from "../../worker/rules/opening-hours";

/** The most dishes one page describes, and the longest text it copies (a 1,000-dish branch stays ~60 KB). */
export const MAX_ITEMS = 100;
const MAX_TEXT = 300;

export interface Dish {
  name: string;
  description: string | null;
  url: string;
  image: string | null;
  price: number;
  price_offer: number;
  calories: number | null;
  allergens: Allergen[] | null;
  tags: Tag[];
}

export interface BranchFacts {
  /** The page's language's name first, the other language's as the alternate. */
  names: [string, string];
  description: string | null;
  address: string | null;
  /** E.164 (worker/rules/e164.ts dialable), or null. */
  telephone: string | null;
  url: string;
  menuUrl: string;
  logo: string | null;
  currency: string;
  country: string;
  hours: OpeningHours | null;
  timeZone: string | null;
}

const clip = (text: string | null | undefined) => {
  const t = (text ?? "").trim();
  return t ? (t.length > MAX_TEXT ? `${t.slice(0, MAX_TEXT - 1)}…` : t) : undefined;
};

/** A price with its currency's decimals ("1.250" KWD, "12.00" AED). */
const schemaPrice = (amount: number, currency: string) => roundMoney(amount, currency).toFixed(currencyDigits(currency));

// The dietary filter's own rules (app/lib/dietary-filter.ts) say which diet a dish suits; halal is the restaurant's tag.
const DIETS = [
  ["vegan", "https://schema.org/VeganDiet"],
  ["vegetarian", "https://schema.org/VegetarianDiet"],
  ["no-gluten", "https://schema.org/GlutenFreeDiet"],
  ["no-milk", "https://schema.org/LowLactoseDiet"],
] as const;

/** The diets a dish suits, none at all when its allergens were never declared (docs/decisions/0028). */
function diets(dish: Dish): RestrictedDiet[] {
  if (dish.allergens === null) return [];
  const found: RestrictedDiet[] = DIETS.filter(([filter]) => suitsDiet(dish, filter)).map(([, diet]) => diet);
  return dish.tags.includes("halal") ? [...found, "https://schema.org/HalalDiet"] : found;
}

export function menuItem(dish: Dish, currency: string): Node<MenuItem> {
  const suits = diets(dish);
  return {
    "@type": "MenuItem",
    name: dish.name,
    url: dish.url,
    ...(clip(dish.description) && { description: clip(dish.description) }),
    ...(dish.image && { image: dish.image }),
    offers: {
      "@type": "Offer",
      price: schemaPrice(hasOffer(dish) ? dish.price_offer : dish.price, currency),
      priceCurrency: currency,
    },
    ...(dish.calories !== null && { nutrition: { "@type": "NutritionInformation", calories: `${dish.calories} calories` } }),
    ...(suits.length > 0 && { suitableForDiet: suits }),
  };
}

/** A menu page: the menu, its shown section and that section's first MAX_ITEMS dishes. */
export function menuSchema(menu: { name: string; url: string }, section: { name: string; url: string } | null, dishes: Dish[], currency: string): Node<Menu> {
  const items = dishes.slice(0, MAX_ITEMS).map((d) => menuItem(d, currency));
  const part: MenuSection | null = section && { "@type": "MenuSection", name: section.name, url: section.url, hasMenuItem: items };
  return { "@type": "Menu", name: menu.name, url: menu.url, ...(part ? { hasMenuSection: part } : { hasMenuItem: items }) };
}

const DAYS: DayOfWeek[] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** Weekly hours as wall-clock times with the branch zone's offset ("09:00:00+04:00"); "24:00" closes at 23:59:59. */
function openingHours(hours: OpeningHours | null, timeZone: string | null, now: number): OpeningHoursSpecification[] {
  if (!hours) return [];
  const offset = isoWithOffset(now, branchZone(timeZone)).slice(19);
  const time = (hhmm: string) => `${hhmm === "24:00" ? "23:59:59" : `${hhmm}:00`}${offset}`;
  return hours.weekly.map((r) => ({ "@type": "OpeningHoursSpecification", dayOfWeek: DAYS[r.day]!, opens: time(r.opens), closes: time(r.closes) }));
}

export function restaurantSchema(b: BranchFacts, now: number): Node<Restaurant> {
  const hours = openingHours(b.hours, b.timeZone, now);
  return {
    "@type": "Restaurant",
    name: b.names[0],
    ...(b.names[1] && b.names[1] !== b.names[0] && { alternateName: b.names[1] }),
    url: b.url,
    hasMenu: b.menuUrl,
    ...(clip(b.description) && { description: clip(b.description) }),
    ...(b.logo && { logo: b.logo, image: b.logo }),
    ...(b.address && { address: { "@type": "PostalAddress", streetAddress: b.address, addressCountry: b.country } }),
    ...(b.telephone && { telephone: b.telephone }),
    currenciesAccepted: b.currency,
    ...(hours.length > 0 && { openingHoursSpecification: hours }),
  };
}

// Inside <script>, "</script>" or "<!--" would end or change it, and U+2028/2029 break a line in
// older parsers: every "<", ">", "&", the line separators and each control character (C0, DEL, C1)
// is written as a JSON escape, which JSON reads back as the same text.
const UNSAFE = /[<>&\u2028\u2029\u0000-\u001f\u007f-\u009f]/g;
const escaped = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** The JSON-LD text of a script element: `@context` added, nothing in it can leave the element. */
export function jsonLdText(thing: Node<Thing>): string {
  const withContext: WithContext<Node<Thing>> = { "@context": "https://schema.org", ...thing };
  return JSON.stringify(withContext).replace(UNSAFE, escaped);
}
