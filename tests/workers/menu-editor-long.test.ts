// The menu editor at 200 dishes (docs/decisions/0033). The page comes with a search box, each dish's English and
// Arabic names side by side, and its categories folded (with their dish counts) once the branch has
// more than 80 dishes; a short menu opens unfolded.
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogueRow, catalogueRun } from "./catalogue";
import { seedMember } from "./console-members";

const SAFFRON = 1;
let owner: string;
beforeAll(async () => {
  owner = (await seedMember(SAFFRON, "owner")).cookie;
});
const page = async (branch: number) => (await exports.default.fetch(`http://localhost/console/menu?branch=${branch}`, { headers: { cookie: owner } })).text();
const folds = (html: string) => [...html.matchAll(/<details([^>]*)data-testid="category-fold"/g)].map((m) => /\sopen=""/.test(m[1]!));

describe("the menu editor at 200 dishes", { timeout: 30_000 }, () => {
  it("a short menu: categories open, both names of each dish, a search box", async () => {
    const html = await page(1);
    expect(html).toContain('data-testid="menu-search"');
    expect(folds(html).length).toBeGreaterThan(1);
    expect(folds(html).every(Boolean)).toBe(true);
    expect(html).toMatch(/<span class="font-bold" lang="en" dir="ltr">Turkish Eggs<\/span><span class="font-bold" lang="ar" dir="rtl">[^<]+<\/span>/);
  });

  it("over 80 dishes: every category folded, with its dish count", async () => {
    const category = (await catalogueRow<{ id: number }>(
      SAFFRON,
      "SELECT c.id FROM categories c JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 2 ORDER BY c.id LIMIT 1",
    ))!.id;
    await catalogueRun(
      SAFFRON,
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
       INSERT INTO products (category_id, name_en, name_ar, price_minor) SELECT ?, 'Long dish ' || i, 'طبق طويل ' || i, 1000 FROM n`,
      category,
    );
    const html = await page(2);
    expect(folds(html).length).toBeGreaterThan(1);
    expect(folds(html).some(Boolean)).toBe(false);
    expect(html).toMatch(/data-testid="category-count">2\d\d dishes</);
    expect(html).toContain("Long dish 137");
  });
});
