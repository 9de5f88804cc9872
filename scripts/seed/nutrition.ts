// The demo dishes' nutrition (docs/decisions/0070), so `npm start` shows SFDA's labels: typical kcal by
// the dish's kind, caffeine for coffee and tea, the salt shaker on the saltiest, a choice's extra kcal.
// D1's seed tables (migrations/0002) predate these columns and a migration may not touch them (decision
// 0050): scripts/local-data.ts adds the columns to the local D1 only and runs these statements, before
// the objects adopt their catalogue.
import { GRILL_MENUS, OPTION_SETS, SAFFRON_MENUS, type MenuSeed } from "./catalogue.ts";

type Kind = MenuSeed["categories"][number]["products"][number]["kind"];

/** A typical serving's kcal, and caffeine (mg) and high salt where they apply. */
const BY_KIND: Record<Kind, [kcal: number, caffeine?: number, salty?: boolean]> = {
  espresso: [5, 130],
  latte: [190, 130],
  tea: [2, 40],
  juice: [120],
  smoothie: [250],
  iced: [180, 130],
  croissant: [270],
  cake: [420],
  bowl: [520],
  salad: [320],
  eggs: [380],
  grill: [650, undefined, true],
  burger: [780, undefined, true],
  sandwich: [480],
  icecream: [260],
  cookie: [210],
  soup: [180],
  pasta: [690],
  wrap: [540],
  fries: [370, undefined, true],
  fatayer: [300],
  pizza: [850, undefined, true],
  fondant: [470],
  kunafa: [560],
  dip: [230],
  muffin: [380],
  roll: [290],
  water: [0],
  chops: [720, undefined, true],
  corn: [160],
};

/** What a choice adds, by its group and name (the same in every dish that has the group). */
const CHOICE_KCAL: Record<string, number> = {
  "Size/Small": 0,
  "Size/Medium": 60,
  "Size/Large": 120,
  "Size/Regular": 0,
  "Milk/Full cream": 0,
  "Milk/Oat": 15,
  "Milk/Almond": 5,
  "Extra shot/One extra shot": 2,
  "Side/Fries": 320,
  "Side/Rice": 240,
  "Side/Grilled vegetables": 90,
  "Sauce/Garlic toum": 180,
  "Sauce/Tahini": 90,
  "Sauce/Spicy harissa": 30,
  "Extras/Halloumi": 160,
  "Extras/Avocado": 120,
  "Extras/Smoked turkey": 70,
  "Topping/Pistachio crumble": 110,
  "Topping/Saffron cream": 140,
  "Topping/Extra scoop": 130,
};

const text = (s: string) => `'${s.replace(/'/g, "''")}'`;
const num = (n: number | undefined) => (n === undefined ? "NULL" : String(n));

/** The columns schema 17 gives the object's tables, on D1's seed tables (NULL: not given). */
export const NUTRITION_COLUMNS = [
  "ALTER TABLE products ADD COLUMN calories INTEGER",
  "ALTER TABLE products ADD COLUMN caffeine_mg INTEGER",
  "ALTER TABLE products ADD COLUMN high_salt INTEGER NOT NULL DEFAULT 0",
  "ALTER TABLE sub_options ADD COLUMN calories INTEGER",
];

/** The UPDATEs that give the demo dishes and choices their nutrition. */
export function demoNutritionSql(): string[] {
  const dishes = new Map<string, Kind>();
  for (const menu of [...SAFFRON_MENUS, ...GRILL_MENUS])
    for (const category of menu.categories) for (const product of category.products) if (!dishes.has(product.en)) dishes.set(product.en, product.kind);
  const statements = [...dishes].map(([name, kind]) => {
    const [kcal, caffeine, salty] = BY_KIND[kind];
    return `UPDATE products SET calories = ${kcal}, caffeine_mg = ${num(caffeine)}, high_salt = ${salty ? 1 : 0} WHERE name_en = ${text(name)}`;
  });
  for (const groups of Object.values(OPTION_SETS))
    for (const group of groups)
      for (const [sub] of group.subs) {
        const kcal = CHOICE_KCAL[`${group.en}/${sub}`];
        if (kcal !== undefined)
          statements.push(
            `UPDATE sub_options SET calories = ${kcal} WHERE name_en = ${text(sub)} AND option_id IN (SELECT id FROM options WHERE name_en = ${text(group.en)})`,
          );
      }
  return statements;
}
