// The product shape screens receive: hidden products never leave the server; images are URLs; prices
// as they are charged, on the restaurant's charge step (docs/decisions/0060, 0079), so the pages show
// them as they come.
import type { MenuData, Product } from "../../../worker/upstream/schemas";
import { imageUrl } from "../../../worker/rules/image-url";
import { chargedPrice, chargeStep } from "../../../worker/rules/money";
import type { Language } from "~/locales";

/** A restaurant's money as the catalogue says it: its currency and the step of what it charges (its provider's, else the currency's). */
export interface CardMoney {
  currency: string;
  step: number;
}

export const moneyOf = (restaurant: MenuData["restaurant"]): CardMoney => {
  const currency = restaurant.currency ?? "AED";
  return { currency, step: restaurant.charge_step ?? chargeStep(currency) };
};

/** The categories of these menus that have windows of their own (a dish of one asks its category's). */
export const windowedCategories = (menus: MenuData["menu"]): ReadonlySet<number> => new Set(menus.flatMap((m) => m.served_categories.map((c) => c.id)));

/**
 * `served`: the key of the windows that hold the dish in the branch's ordering state (app/lib/ordering-state.tsx):
 * its category's (`c{id}`, inside its menu's) when the category has its own, else its menu's id.
 */
export function toCard(p: Product, imageBase: string, money: CardMoney, menuId: number | null = null, windowed: ReadonlySet<number> = new Set()) {
  const menu = p.menu_id ?? menuId;
  const charged = (amount: number) => chargedPrice(amount, money.currency, money.step);
  return {
    id: p.id,
    menu_id: menu,
    served: p.category_id !== null && windowed.has(p.category_id) ? `c${p.category_id}` : menu === null ? null : String(menu),
    name_en: p.name_en,
    name_ar: p.name_ar,
    description_en: p.description_en,
    description_ar: p.description_ar,
    image: imageUrl(p.image, imageBase),
    price: charged(p.price),
    price_offer: charged(p.price_offer),
    new: p.new,
    common: p.common,
    unavailable: p.unavailable,
    allergens: p.allergens,
    tags: p.tags,
    // SFDA's labels (docs/decisions/0070): null kcal or caffeine is not given.
    calories: p.calories,
    caffeine_mg: p.caffeine_mg,
    high_salt: p.high_salt,
    options: (p.option ?? []).map((o) => ({
      id: o.id,
      name_en: o.name_en,
      name_ar: o.name_ar,
      required: o.required,
      min_choices: o.min_choices,
      max_choices: o.max_choices,
      subs: o.subOption.map((s) => ({ id: s.id, name_en: s.name_en, name_ar: s.name_ar, price: charged(s.price), calories: s.calories })),
    })),
  };
}

export type ProductCardData = ReturnType<typeof toCard>;

export const visibleCards = (products: Product[], imageBase: string, money: CardMoney, windowed: ReadonlySet<number>, menuId: number | null = null) =>
  products.filter((p) => !p.hidden).map((p) => toCard(p, imageBase, money, menuId, windowed));

/**
 * The cards as a page in `lang` sends them: each description in that language only, the other's kept
 * only where that one is empty (as `localized` then shows it). A card's description is only ever shown
 * in the page's language, and a change of language loads the page's data again; names keep both
 * languages (the cart keeps them). ~290 bytes gzip off the demo's menu page (docs/decisions/0089).
 */
export function inLanguage(cards: ProductCardData[], lang: Language): ProductCardData[] {
  return cards.map((card) => {
    const own = lang === "ar" ? card.description_ar : card.description_en;
    if (!own?.trim()) return card;
    return lang === "ar" ? { ...card, description_en: null } : { ...card, description_ar: null };
  });
}
