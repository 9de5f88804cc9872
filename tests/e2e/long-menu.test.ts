// The menu editor stays usable at 200 dishes (docs/decisions/0033). A new restaurant's branch gets 200 dishes in
// four categories; at tablet size the editor opens with its categories folded (their counts shown),
// the search finds one dish by its English or its Arabic name (its category opened), and each row
// shows both names. Screenshots: tablet, English light and Arabic dark.
import { describe, expect, inject, it } from "vitest";
import { ownAddress, sharedBrowser, watchConsole, shoot } from "./browser";
import { fillSignUp, finishSignUp, freshMobile } from "./console-flow";
import { catalogueSql, sqlRows as d1 } from "./console-seed";

const base = inject("baseUrl");
const browser = sharedBrowser();
const TABLET = { width: 820, height: 1180 };

describe("the menu editor at 200 dishes", () => {
  it("folds the categories, finds a dish by either name, and lists both names", { timeout: 150_000 }, async () => {
    const context = await browser().newContext({ viewport: TABLET, ...ownAddress() });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const domain = `long-menu-${Date.now().toString(36)}`;
    await fillSignUp(page, base, { lang: "en", domain, name: "Long Menu Diner", nameAr: "مطعم القائمة الطويلة", owner: freshMobile() });
    await finishSignUp(page, "en");
    // The restaurant's id from the directory; its one menu, categories and dishes in its own catalogue.
    const restaurant = Number(d1(`SELECT id FROM restaurants WHERE domain = '${domain}'`)[0]!.id);
    const menu = `(SELECT m.id FROM menus m JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ${restaurant} ORDER BY m.id LIMIT 1)`;
    catalogueSql(
      restaurant,
      `INSERT INTO categories (menu_id, name_en, name_ar, sort_num) VALUES (${menu}, 'Starters', 'المقبلات', 0), (${menu}, 'Mains', 'الأطباق الرئيسية', 1), (${menu}, 'Grills', 'المشويات', 2), (${menu}, 'Desserts', 'الحلويات', 3)`,
    );
    // Fifty dishes in each category, by its place (sort_num 0 to 3).
    const rows = Array.from({ length: 200 }, (_, i) => `(${Math.floor(i / 50)}, 'Dish number ${i + 1}', 'الطبق رقم ${i + 1}', ${(10 + (i % 7)) * 100}, ${i})`);
    catalogueSql(
      restaurant,
      `INSERT INTO products (category_id, name_en, name_ar, price_minor, sort_num)
      SELECT c.id, v.column2, v.column3, v.column4, v.column5 FROM (VALUES ${rows.join(", ")}) v JOIN categories c ON c.menu_id = ${menu} AND c.sort_num = v.column1 ORDER BY v.column5`,
    );

    await page.goto(`${base}/console/menu`);
    const folds = page.getByTestId("category-fold");
    await expect.poll(() => folds.count()).toBe(4);
    expect(await folds.evaluateAll((all) => all.map((d) => (d as HTMLDetailsElement).open))).toEqual([false, false, false, false]);
    expect(await page.getByTestId("category-count").first().textContent()).toBe("50 dishes");
    await shoot(page, "menu-editor-200-tablet-en-light");

    // The search opens the one category with a match and shows that one row; the rest are out of view.
    await page.getByTestId("menu-search").fill("dish number 137");
    await expect.poll(() => page.locator('[data-testid="console-dish"]:visible').count()).toBe(1);
    const row = page.locator('[data-testid="console-dish"]:visible');
    expect(await row.getByTestId("dish-names").textContent()).toBe("Dish number 137الطبق رقم 137");
    expect(await page.locator('[data-testid="category-fold"]:visible').count()).toBe(1);
    await page.getByTestId("menu-search").fill("الطبق رقم 42");
    await expect.poll(() => page.locator('[data-testid="console-dish"]:visible').count()).toBe(1);
    await page.getByTestId("menu-search").fill("no such dish");
    await page.getByTestId("menu-search-none").waitFor();
    // Cleared: folded again, as the person left them; one opened by hand stays open.
    await page.getByTestId("menu-search").fill("");
    await folds.nth(1).locator("summary").first().click();
    expect(await folds.evaluateAll((all) => all.map((d) => (d as HTMLDetailsElement).open))).toEqual([false, true, false, false]);
    expect(problems).toEqual([]);

    // Arabic, dark, searching.
    const dark = await browser().newContext({ viewport: TABLET, colorScheme: "dark", storageState: await context.storageState(), ...ownAddress() });
    const ar = await dark.newPage();
    await ar.goto(`${base}/console/menu?lng=ar`);
    await ar.getByTestId("menu-search").waitFor();
    await ar.waitForLoadState("networkidle");
    // "رقم 13": 13 and 130–139 (113 has no space before its 13).
    await ar.getByTestId("menu-search").fill("رقم 13");
    await expect.poll(() => ar.locator('[data-testid="console-dish"]:visible').count()).toBe(11);
    await shoot(ar, "menu-editor-200-tablet-ar-dark");
    await dark.close();
    await context.close();
  });
});
