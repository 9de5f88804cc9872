// Search over a 1,000-product branch: time to build the index and to answer a query.
// Usage: npm run bench:search  (prints a small table; budgets are checked by the full harness)
import { buildSearchIndex } from "../app/lib/search.ts";

const WORDS_EN = [
  "saffron",
  "latte",
  "chicken",
  "shawarma",
  "mango",
  "juice",
  "cake",
  "pistachio",
  "halloumi",
  "salad",
  "grill",
  "tea",
  "mint",
  "date",
  "cheese",
];
const WORDS_AR = ["زعفران", "لاتيه", "دجاج", "شاورما", "مانجا", "عصير", "كعكة", "فستق", "حلوم", "سلطة", "مشاوي", "شاي", "نعناع", "تمر", "جبنة"];
const pick = (list: string[], i: number, n: number) => Array.from({ length: n }, (_, k) => list[(i * 7 + k * 3) % list.length]).join(" ");

const products = Array.from({ length: 1000 }, (_, i) => ({
  name_en: `${pick(WORDS_EN, i, 2)} ${i}`,
  name_ar: `${pick(WORDS_AR, i, 2)} ${i}`,
  description_en: pick(WORDS_EN, i + 5, 8),
  description_ar: pick(WORDS_AR, i + 5, 8),
}));

const time = (fn: () => void, runs: number) => {
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) fn();
  return (performance.now() - t0) / runs;
};

const build = time(() => buildSearchIndex(products), 50);
const index = buildSearchIndex(products);
const queries = ["latte", "SAFFRON cake", "شاورما", "كعكه", "zzz", "مانجا عصير"];
const query = time(() => queries.forEach((q) => index.match(q)), 500) / queries.length;
console.log(`| figure | ms |\n|---|---|\n| build index, 1,000 products | ${build.toFixed(2)} |\n| one query, 1,000 products | ${query.toFixed(3)} |`);
