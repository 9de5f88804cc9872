// SFDA's menu labels in Chromium (docs/decisions/0070), on a restaurant this file signs up: the owner gives a
// dish its kcal (a bad value first: the message beside the field) and the salt shaker, a drink its kcal
// and caffeine, and a choice its kcal; a diner sees them on the card, the dish page with the walking line,
// the choice, the cart's total and the daily-needs statement. Screenshots: phone EN light, phone AR dark.
import { describe, expect, inject, it } from "vitest";
import { hydrated, ownAddress, PHONE, sharedBrowser, watchConsole, shoot } from "./browser";
import { signUpWithBreakfast } from "./menu-flow";

const base = inject("baseUrl");
const browser = sharedBrowser();

describe("nutrition on the menu", () => {
  it("an owner gives kcal, caffeine and high salt; a diner sees them in English and Arabic", { timeout: 240_000 }, async () => {
    const context = await browser().newContext({ viewport: PHONE, colorScheme: "light", ...ownAddress() });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const { domain, branch, breakfast, shakshuka } = await signUpWithBreakfast(page, base, "nutrition");
    await hydrated(page);

    // The shakshuka's kcal: "abc" is refused beside the field and kept; 520 and high salt are saved.
    await shakshuka.locator("summary").first().click();
    const edit = shakshuka.locator("form").first();
    await edit.getByLabel("Calories (kcal)").fill("abc");
    await edit.getByRole("button", { name: "Save", exact: true }).click();
    await shakshuka.getByText("Calories are a whole number from 0 to 5,000 (or empty).").waitFor();
    expect(await shakshuka.locator("form").first().getByLabel("Calories (kcal)").inputValue()).toBe("abc");
    await shakshuka.locator("form").first().getByLabel("Calories (kcal)").fill("520");
    await shakshuka.locator("form").first().getByLabel("High in salt").check();
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/console/menu") && r.status() === 200);
    await shakshuka.locator("form").first().getByRole("button", { name: "Save", exact: true }).click();
    await saved;

    // A drink with its kcal and caffeine, added with them.
    const adding = breakfast.getByTestId("add-dish");
    if (!(await adding.evaluate((d) => (d as HTMLDetailsElement).open))) await adding.locator("summary").click();
    const add = adding.locator("form");
    await add.getByLabel("Name (English)").fill("Karak tea");
    await add.getByLabel("Name (Arabic)").fill("شاي كرك");
    await add.getByLabel("Price", { exact: true }).fill("8");
    await add.getByLabel("Calories (kcal)").fill("160");
    await add.getByLabel("Caffeine (mg)").fill("50");
    await add.getByRole("button", { name: "Add a dish" }).click();
    await breakfast.getByTestId("console-dish").filter({ hasText: "Karak tea" }).waitFor();

    // An optional "Extras" group whose one choice adds 90 kcal.
    await shakshuka.getByTestId("dish-options-link").click();
    await page.waitForURL(/\/console\/menu\/dishes\/\d+$/);
    await hydrated(page);
    await page.getByTestId("add-group").click();
    const group = page.getByTestId("dish-group").last();
    await group.getByLabel("Name (English)").first().fill("Extras");
    await group.getByLabel("Name (Arabic)").first().fill("إضافات");
    const choice = group.getByTestId("dish-choice").first();
    await choice.getByLabel("Name (English)").fill("Extra egg");
    await choice.getByLabel("Name (Arabic)").fill("بيضة إضافية");
    await choice.getByLabel("Extra price").fill("3");
    await choice.getByLabel("kcal", { exact: true }).fill("90");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Saved. Diners see it within seconds.").waitFor();
    // The one refusal is the bad kcal above (422, shown beside its field).
    expect(problems).toEqual(["error: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)"]);

    // A diner: the card's kcal and salt shaker, the drink's caffeine, the daily-needs statement.
    const dinerContext = await browser().newContext({ viewport: PHONE, colorScheme: "light", ...ownAddress() });
    const diner = await dinerContext.newPage();
    const dinerProblems = watchConsole(diner);
    await diner.goto(`${base}/${domain}/${branch}?lng=en`);
    await diner.getByTestId("menu-tile").filter({ hasText: "Breakfast" }).click();
    const card = diner.getByTestId("product-card").filter({ hasText: "Shakshuka" });
    await expect.poll(() => card.getByTestId("card-nutrition").textContent()).toBe("520 kcal");
    expect(await card.getByRole("img", { name: "High in salt" }).count()).toBe(1);
    const karak = diner.getByTestId("product-card").filter({ hasText: "Karak tea" });
    expect(await karak.getByTestId("card-nutrition").textContent()).toBe("160 kcalCaffeine 50 mg");
    expect(await karak.getByRole("img", { name: "High in salt" }).count()).toBe(0);
    expect(await diner.getByTestId("daily-needs").textContent()).toBe("Adults need on average 2,000 calories a day; individual needs vary.");
    await shoot(diner, "nutrition-menu-phone-en-light", { fullPage: true });
    const menuPage = diner.url();

    // The dish page: kcal with the walking that burns them (520 ÷ 5.27 ≈ 99 min), high salt in words, the choice's kcal.
    await card.getByRole("link", { name: "Shakshuka" }).click();
    await diner.getByTestId("sheet-kcal").waitFor();
    expect(await diner.getByTestId("sheet-kcal").textContent()).toBe("520 kcal");
    expect(await diner.getByTestId("sheet-walking").textContent()).toBe("About 99 min of brisk walking to burn");
    expect(await diner.getByTestId("high-salt").textContent()).toBe("High in salt");
    expect(await diner.getByTestId("choice-kcal").textContent()).toBe("+90 kcal");
    await hydrated(diner);
    await diner
      .getByRole("checkbox", { name: "Extra egg" })
      .or(diner.getByRole("radio", { name: "Extra egg" }))
      .click();
    await diner.getByRole("button", { name: "Increase" }).click();
    await shoot(diner, "nutrition-dish-phone-en-light", { fullPage: true });
    await diner.getByTestId("add-to-cart").click();
    await diner.getByTestId("toast-success").waitFor();

    // The drink too; the cart's kcal: (520 + 90) × 2 + 160.
    await diner.goto(menuPage);
    await hydrated(diner);
    await karak.getByRole("button", { name: "Add Karak tea" }).click();
    await diner.locator("dialog[open]").getByTestId("add-to-cart").click();
    await diner.getByTestId("toast-success").last().click();
    await diner.getByTestId("cart-line").first().waitFor();
    expect(await diner.getByTestId("cart-kcal").textContent()).toBe("Calories of the order1380 kcal");
    await shoot(diner, "nutrition-cart-phone-en-light", { fullPage: true });
    expect(dinerProblems).toEqual([]);

    // Arabic, dark: the same labels, right to left.
    const arContext = await browser().newContext({ viewport: PHONE, colorScheme: "dark", ...ownAddress() });
    const ar = await arContext.newPage();
    const arProblems = watchConsole(ar);
    await ar.goto(`${menuPage.split("?")[0]}?lng=ar`);
    expect(await ar.locator("html").getAttribute("dir")).toBe("rtl");
    const arCard = ar.getByTestId("product-card").filter({ hasText: "شكشوكة" });
    expect(await arCard.getByTestId("card-nutrition").textContent()).toBe("520 سعرة حرارية");
    expect(await arCard.getByRole("img", { name: "عالي الملح" }).count()).toBe(1);
    expect(await ar.getByTestId("daily-needs").textContent()).toBe("يحتاج البالغون في المتوسط إلى 2000 سعرة حرارية يومياً، وقد تختلف الاحتياجات الفردية.");
    await shoot(ar, "nutrition-menu-phone-ar-dark", { fullPage: true });
    await arCard.getByRole("link", { name: "شكشوكة" }).click();
    await ar.getByTestId("sheet-walking").waitFor();
    expect(await ar.getByTestId("sheet-walking").textContent()).toBe("نحو 99 دقيقة من المشي السريع لحرقها");
    await shoot(ar, "nutrition-dish-phone-ar-dark", { fullPage: true });
    expect(arProblems).toEqual([]);
    await Promise.all([context.close(), dinerContext.close(), arContext.close()]);
  });
});
