// The menu editor in Chromium (docs/decisions/0025): an owner who just signed up builds a menu, a category and a
// dish in English and Arabic (the preview follows what is typed), reorders dishes with the keyboard,
// and a diner's page shows the dish within seconds. Screenshots: phone EN light, phone AR dark, tablet.
import { describe, expect, inject, it } from "vitest";
import { fillSignUp, finishSignUp, freshMobile } from "./console-flow";
import { hydrated, ownAddress, PHONE, sharedBrowser, watchConsole, shoot } from "./browser";

const base = inject("baseUrl");
const browser = sharedBrowser();
const TABLET = { width: 1024, height: 768 };

describe("the menu editor", () => {
  it("builds a menu in both languages, reorders by keyboard, and diners see it", { timeout: 180_000 }, async () => {
    const context = await browser().newContext({ viewport: PHONE, colorScheme: "light", ...ownAddress() });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const domain = `menu-ed-${Date.now().toString(36)}`;
    await fillSignUp(page, base, { lang: "en", domain, name: "Falafel Corner", nameAr: "ركن الفلافل", owner: freshMobile() });
    await finishSignUp(page, "en");

    await page.goto(`${base}/console/menu`);
    await page.waitForLoadState("networkidle");
    const branch = await page.locator('[data-testid="add-menu"] input[name="branch"]').inputValue();

    // A menu, then a category in it.
    await page.getByTestId("add-menu").locator("summary").click();
    const menuForm = page.getByTestId(`form-new-menu-${branch}`);
    await menuForm.getByLabel("Name (English)").fill("Lunch");
    await menuForm.getByLabel("Name (Arabic)").fill("الغداء");
    expect(await menuForm.getByLabel("Name (Arabic)").getAttribute("dir")).toBe("rtl");
    await menuForm.getByRole("button", { name: "Add a menu" }).click();
    await page.getByRole("heading", { name: "Menu: Lunch" }).waitFor();

    // The sign-up may have started a menu of its own: everything below is inside "Lunch".
    const lunch = page.getByRole("region", { name: "Lunch" });
    await lunch.getByTestId("add-category").locator("summary").click();
    const categoryForm = lunch.getByTestId("add-category").locator("form");
    await categoryForm.getByLabel("Name (English)").fill("Wraps");
    await categoryForm.getByLabel("Name (Arabic)").fill("لفائف");
    await categoryForm.getByRole("button", { name: "Add a category" }).click();
    await page.getByRole("heading", { name: "Wraps" }).waitFor();

    // Two dishes; the first with a bad offer price first (the message beside it, the fields kept).
    const addDish = async (en: string, ar: string, price: string, offer = "0") => {
      const details = lunch.getByTestId("add-dish");
      if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator("summary").click();
      const form = details.locator("form");
      await form.getByLabel("Name (English)").fill(en);
      await form.getByLabel("Name (Arabic)").fill(ar);
      await form.getByLabel("Description (English)").fill(`${en}, freshly made`);
      await form.getByLabel("Description (Arabic)").fill(`${ar} طازج`);
      await form.getByLabel("Price", { exact: true }).fill(price);
      await form.getByLabel("Offer price").fill(offer);
      return form;
    };
    let form = await addDish("Falafel wrap", "لفافة فلافل", "18", "20");
    // The preview shows both languages as typed.
    await expect.poll(() => lunch.getByTestId("add-dish").getByTestId("preview-ar").textContent()).toContain("لفافة فلافل");
    expect(await lunch.getByTestId("add-dish").getByTestId("preview-en").textContent()).toContain("Falafel wrap");
    await form.getByRole("button", { name: "Add a dish" }).click();
    await page.getByText("An offer price must be below the price").waitFor();
    expect(await form.getByLabel("Name (Arabic)").inputValue()).toBe("لفافة فلافل");
    await form.getByLabel("Offer price").fill("15");
    await form.getByLabel("New").check();
    await form.getByRole("button", { name: "Add a dish" }).click();
    await lunch.getByTestId("console-dish").filter({ hasText: "Falafel wrap" }).waitFor();
    form = await addDish("Halloumi wrap", "لفافة حلوم", "22");
    await form.getByRole("button", { name: "Add a dish" }).click();
    await lunch.getByTestId("console-dish").filter({ hasText: "Halloumi wrap" }).waitFor();
    await shoot(page, "menu-editor-phone-en-light", { fullPage: true });

    // Keyboard: the handle of the second dish, arrow up → it becomes the first, saved.
    const dishNames = () => lunch.getByTestId("dishes").getByTestId("console-dish").locator('[data-testid="dish-names"] [lang="en"]').allTextContents();
    expect(await dishNames()).toEqual(["Falafel wrap", "Halloumi wrap"]);
    await page.getByRole("button", { name: "Reorder Halloumi wrap: drag, or use the arrow keys" }).focus();
    await page.keyboard.press("ArrowUp");
    expect(await dishNames()).toEqual(["Halloumi wrap", "Falafel wrap"]);
    await expect
      .poll(
        async () => {
          await page.reload();
          return dishNames();
        },
        { timeout: 10_000 },
      )
      .toEqual(["Halloumi wrap", "Falafel wrap"]);
    // And the up/down buttons (JavaScript-only: the reloaded page hydrated first).
    await hydrated(page);
    await page.getByRole("button", { name: "Move Falafel wrap up" }).click();
    await expect
      .poll(
        async () => {
          await page.reload();
          return dishNames();
        },
        { timeout: 10_000 },
      )
      .toEqual(["Falafel wrap", "Halloumi wrap"]);

    // The diner's page shows the dish within seconds, in both languages.
    const diner = await context.newPage();
    await expect
      .poll(
        async () => {
          await diner.goto(`${base}/${domain}/${branch}`);
          return diner.content();
        },
        { timeout: 10_000 },
      )
      .toContain("Lunch");
    await diner.getByRole("link", { name: "Lunch" }).first().click();
    await diner.getByText("Falafel wrap").first().waitFor();
    await diner.goto(`${diner.url()}?lng=ar`);
    await diner.getByText("لفافة فلافل").first().waitFor();

    // Arabic, dark, with a dish's form and preview open.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${base}/console/menu?lng=ar`);
    await page.getByTestId("console-dish").first().locator("details summary").first().click();
    await shoot(page, "menu-editor-phone-ar-dark", { fullPage: true });
    await page.setViewportSize(TABLET);
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`${base}/console/menu?lng=en`);
    await page.getByTestId("console-dish").first().locator("details summary").first().click();
    await shoot(page, "menu-editor-tablet-en-light", { fullPage: true });
    // The one refusal is the bad offer price above (422, shown beside its field).
    expect(problems).toEqual(["error: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)"]);
    await context.close();
  });
});
