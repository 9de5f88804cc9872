// The product shape screens receive: hidden products never leave the server; images are URLs.
import type { Product } from "../../../worker/upstream/schemas";

export function toCard(p: Product, imageBase: string, menuId: number | null = null) {
  return {
    id: p.id,
    menu_id: p.menu_id ?? menuId,
    name_en: p.name_en,
    name_ar: p.name_ar,
    description_en: p.description_en,
    description_ar: p.description_ar,
    image: p.image ? `${imageBase}${p.image}` : null,
    price: p.price,
    price_offer: p.price_offer,
    new: p.new,
    common: p.common,
    unavailable: p.unavailable,
    allergens: p.allergens,
    tags: p.tags,
    options: (p.option ?? []).map((o) => ({
      id: o.id,
      name_en: o.name_en,
      name_ar: o.name_ar,
      required: o.required,
      min_choices: o.min_choices,
      max_choices: o.max_choices,
      subs: o.subOption.map((s) => ({ id: s.id, name_en: s.name_en, name_ar: s.name_ar, price: s.price })),
    })),
  };
}

export type ProductCardData = ReturnType<typeof toCard>;

export const visibleCards = (products: Product[], imageBase: string, menuId: number | null = null) =>
  products.filter((p) => !p.hidden).map((p) => toCard(p, imageBase, menuId));
