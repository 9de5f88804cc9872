// The product shape screens receive: hidden products never leave the server; images are URLs.
import type { MenuData, Product } from "../../../worker/upstream/schemas";
import { imageUrl } from "../../../worker/rules/image-url";

/** The categories of these menus that have windows of their own (a dish of one asks its category's). */
export const windowedCategories = (menus: MenuData["menu"]): ReadonlySet<number> => new Set(menus.flatMap((m) => m.served_categories.map((c) => c.id)));

/**
 * `served`: the key of the windows that hold the dish in the branch's ordering state (app/lib/ordering-state.tsx):
 * its category's (`c{id}`, inside its menu's) when the category has its own, else its menu's id.
 */
export function toCard(p: Product, imageBase: string, menuId: number | null = null, windowed: ReadonlySet<number> = new Set()) {
  const menu = p.menu_id ?? menuId;
  return {
    id: p.id,
    menu_id: menu,
    served: p.category_id !== null && windowed.has(p.category_id) ? `c${p.category_id}` : menu === null ? null : String(menu),
    name_en: p.name_en,
    name_ar: p.name_ar,
    description_en: p.description_en,
    description_ar: p.description_ar,
    image: imageUrl(p.image, imageBase),
    price: p.price,
    price_offer: p.price_offer,
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
      subs: o.subOption.map((s) => ({ id: s.id, name_en: s.name_en, name_ar: s.name_ar, price: s.price, calories: s.calories })),
    })),
  };
}

export type ProductCardData = ReturnType<typeof toCard>;

export const visibleCards = (products: Product[], imageBase: string, windowed: ReadonlySet<number>, menuId: number | null = null) =>
  products.filter((p) => !p.hidden).map((p) => toCard(p, imageBase, menuId, windowed));
