// Option rules and allergens in a real browser (docs/decisions/0024): the owner makes the cappuccino's "Size"
// required, adds an "Extras" group (up to 2, priced) and marks milk and vegetarian; a diner sees the
// allergen on the card, the sheet's add button says what is missing, two extras are added and priced
// in the cart, the order goes through by SMS code, and the "No milk" filter hides the dish.
// The dish is restored at the end (the e2e server's data is shared by the files that follow).
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { formatMoney } from "../../app/lib/money";
import { signInByCode } from "./console-flow";
import { catalogueSql, sql as d1 } from "./console-seed";
import { PHONE, ownAddress, sharedBrowser, watchConsole, shoot } from "./browser";
import { expectLandedOnOrder, latestCode } from "./ordering-flow";

const base = inject("baseUrl");
const browser = sharedBrowser();
const SAFFRON_ID = 1;
const DISH = 14; // the seed's cappuccino (saffron, branch 1, menu 2): Size, Milk, Extra shot

interface ApiProduct {
  name_en: string;
  price: number;
  price_offer: number;
  option: { id: number; name_en: string; name_ar: string; subOption: { id: number; name_en: string; name_ar: string; price: number }[] }[];
}
let seed: ApiProduct;
let ownerPage: Page | undefined;
/** The diner's cart page, left holding the priced line for the order test. */
let cartPage: Page | undefined;

beforeAll(async () => {
  const res = await fetch(`${base}/api/getProductById/${DISH}&0`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ domain: "saffron" }),
  });
  seed = ((await res.json()) as { data: ApiProduct }).data;
});
afterAll(async () => {
  // Back to the seed through the editor itself (which also purges the diners' cache), then in saffron's catalogue for sure.
  const payload = JSON.stringify({
    allergens: null,
    tags: [],
    groups: seed.option.map((o) => ({
      id: o.id,
      name_en: o.name_en,
      name_ar: o.name_ar,
      required: false,
      min_choices: 0,
      max_choices: 1,
      choices: o.subOption.map((s) => ({ id: s.id, name_en: s.name_en, name_ar: s.name_ar, price: s.price })),
    })),
  });
  if (ownerPage) await ownerPage.request.post(`${base}/console/menu/dishes/${DISH}`, { form: { payload }, headers: { origin: base } }).catch(() => undefined);
  const kept = seed.option.map((o) => o.id).join(",");
  catalogueSql(
    SAFFRON_ID,
    `DELETE FROM sub_options WHERE option_id IN (SELECT id FROM options WHERE product_id = ${DISH} AND id NOT IN (${kept}));
    DELETE FROM options WHERE product_id = ${DISH} AND id NOT IN (${kept});
    UPDATE options SET required = 0, min_choices = 0, max_choices = 1 WHERE product_id = ${DISH};
    UPDATE products SET allergens = 0, allergens_declared = 0, tags = 0 WHERE id = ${DISH};`,
  );
});

/** Signs in a new owner of saffron (new for each attempt: a phone gets one sign-in code a minute). */
async function signIn(page: Page, path: string) {
  const local = `57${String(crypto.getRandomValues(new Uint32Array(1))[0]! % 10_000_000).padStart(7, "0")}`;
  const owner = { typed: `0${local}`, e164: `+971${local}` };
  d1(`INSERT INTO people (phone, name, created_at) VALUES ('${owner.e164}', 'Layla', 0);
    INSERT INTO members (restaurant_id, person_id, role, created_at) SELECT r.id, p.id, 'owner', 0 FROM restaurants r, people p WHERE r.domain = 'saffron' AND p.phone = '${owner.e164}';`);
  await signInByCode(page, base, path, owner, new RegExp(`${path}$`));
}

const money = (n: number) => formatMoney(n, "en", "AED");

describe("option rules and allergens", () => {
  it("the owner sets the rules; the diner's sheet enforces them and prices two extras; the filter hides the dish", { timeout: 180_000 }, async () => {
    // The owner, on a phone.
    const context = await browser().newContext({ viewport: PHONE, ...ownAddress() });
    const page = await context.newPage();
    ownerPage = page;
    const problems = watchConsole(page);
    await signIn(page, "/console/menu");
    await page.locator(`[data-testid=dish-options-link][href="/console/menu/dishes/${DISH}"]`).click();
    await page.waitForURL(new RegExp(`/console/menu/dishes/${DISH}$`));
    await page.getByRole("button", { name: "Save", exact: true }).and(page.locator(":not([disabled])")).waitFor();
    const size = page.getByTestId("dish-group").first();
    expect(await size.getByLabel("Name (English)").first().inputValue()).toBe("Size");
    await size.getByRole("checkbox", { name: "Required" }).check();
    expect(await size.getByLabel("At least").inputValue()).toBe("1");

    await page.getByTestId("add-group").click();
    const extras = page.getByTestId("dish-group").last();
    await extras.getByLabel("Name (English)").first().fill("Extras");
    await extras.getByLabel("Name (Arabic)").first().fill("إضافات");
    await extras.getByLabel("At most").fill("2");
    await extras.getByRole("button", { name: "Add a choice" }).click();
    await extras.getByRole("button", { name: "Add a choice" }).click();
    const choices = extras.getByTestId("dish-choice");
    const extraNames = [
      ["Caramel drizzle", "صلصة الكراميل", "2.5"],
      ["Extra foam", "رغوة إضافية", "1.25"],
      ["Cinnamon", "قرفة", "1"],
    ] as const;
    for (const [i, [en, ar, price]] of extraNames.entries()) {
      await choices.nth(i).getByLabel("Name (English)").fill(en);
      await choices.nth(i).getByLabel("Name (Arabic)").fill(ar);
      await choices.nth(i).getByLabel("Extra price").fill(price);
    }
    // A problem first: the Arabic name left blank is refused beside its field, the rest kept.
    await choices.nth(2).getByLabel("Name (Arabic)").fill("");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Some fields need attention.").waitFor();
    await page.getByText("Required", { exact: true }).last().waitFor();
    expect(await choices.nth(0).getByLabel("Name (English)").inputValue()).toBe("Caramel drizzle");
    await choices.nth(2).getByLabel("Name (Arabic)").fill("قرفة");
    await page.getByRole("checkbox", { name: "Milk", exact: true }).check();
    await page.getByRole("checkbox", { name: "Vegetarian", exact: true }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved. Diners see it within seconds.").waitFor();
    await shoot(page, "option-rules-editor-en-light", { fullPage: true });
    // The one refusal above (422) is the browser's only complaint.
    expect(problems.filter((p) => !p.includes("status of 422"))).toEqual([]);

    // The same editor in Arabic, dark.
    const darkContext = await browser().newContext({ viewport: PHONE, colorScheme: "dark", ...ownAddress(), storageState: await context.storageState() });
    const dark = await darkContext.newPage();
    await dark.goto(`${base}/console/menu/dishes/${DISH}?lng=ar`);
    await dark.getByTestId("dish-group").last().waitFor();
    expect(await dark.getByTestId("dish-group").count()).toBe(seed.option.length + 1);
    await shoot(dark, "option-rules-editor-ar-dark", { fullPage: true });

    // The diner, on another phone.
    const dinerContext = await browser().newContext({ viewport: PHONE, ...ownAddress() });
    const diner = await dinerContext.newPage();
    const dinerProblems = watchConsole(diner);
    await diner.goto(`${base}/saffron/1/2?lng=en`);
    await diner.waitForLoadState("networkidle");
    const card = diner.getByTestId("product-card").filter({ hasText: seed.name_en });
    await card.getByRole("img", { name: "Contains: Milk" }).waitFor();
    await card.getByRole("img", { name: "Vegetarian" }).waitFor();
    await card.getByRole("button").click();
    const sheet = diner.locator("dialog[open]");
    const add = sheet.getByTestId("add-to-cart");
    await sheet.getByText("Contains: Milk").waitFor();
    expect(await add.textContent()).toBe("Choose Size");
    expect(await add.isDisabled()).toBe(true);
    await sheet.getByText("Choose up to 2").waitFor();
    await add.scrollIntoViewIfNeeded();
    await shoot(diner, "option-rules-sheet-en-light");
    const large = seed.option[0]!.subOption.find((s) => s.name_en === "Large")!;
    await sheet.getByRole("radio", { name: "Large" }).check();
    // Required: tapping the chosen size again keeps it.
    await sheet.getByRole("radio", { name: "Large" }).click();
    expect(await sheet.getByRole("radio", { name: "Large" }).isChecked()).toBe(true);
    await sheet.getByRole("checkbox", { name: "Caramel drizzle" }).check();
    await sheet.getByRole("checkbox", { name: "Extra foam" }).check();
    expect(await sheet.getByRole("checkbox", { name: "Cinnamon" }).isDisabled()).toBe(true);
    expect(await sheet.getByTestId("option-counter").last().textContent()).toBe("2 of 2");
    expect(await add.textContent()).toBe("Add to cart");
    const unit = (seed.price_offer > 0 ? seed.price_offer : seed.price) + large.price + 2.5 + 1.25;
    expect(await sheet.getByTestId("running-total").textContent()).toBe(money(unit));
    await add.click();
    await diner.getByTestId("toast-success").click();
    await diner.waitForURL(/\/saffron\/1\/cart$/);
    await diner.getByTestId("cart-line").first().waitFor();
    expect(await diner.getByTestId("cart-total").textContent()).toBe(money(unit));
    // The filter: "No milk" hides the dish, and is kept in the URL.
    const browsing = await dinerContext.newPage();
    await browsing.goto(`${base}/saffron/1/2?lng=en`);
    await browsing.waitForLoadState("networkidle");
    expect(await browsing.getByTestId("product-card").filter({ hasText: seed.name_en }).count()).toBe(1);
    await browsing.getByTestId("diet-no-milk").click();
    await browsing.waitForURL(/diet=no-milk/);
    await browsing.getByTestId("product-card").filter({ hasText: seed.name_en }).waitFor({ state: "detached" });
    expect(await browsing.getByTestId("diet-no-milk").getAttribute("aria-current")).toBe("true");
    // A fresh load of the filtered address renders the same (the server reads the URL too).
    await browsing.reload();
    expect(await browsing.getByTestId("product-card").filter({ hasText: seed.name_en }).count()).toBe(0);
    expect(await browsing.getByTestId("product-card").count()).toBeGreaterThan(0);
    await browsing.close();
    expect(dinerProblems).toEqual([]);
    cartPage = diner;

    // The sheet in Arabic, dark.
    const arContext = await browser().newContext({ viewport: PHONE, colorScheme: "dark", ...ownAddress() });
    const ar = await arContext.newPage();
    await ar.goto(`${base}/saffron/1/2?lng=ar`);
    await ar.waitForLoadState("networkidle");
    await ar
      .getByTestId("product-card")
      .filter({ has: ar.getByTestId("card-dietary") })
      .first()
      .getByRole("button")
      .click();
    const arSheet = ar.locator("dialog[open]");
    await arSheet.getByTestId("add-to-cart").waitFor();
    expect(await arSheet.getByTestId("add-to-cart").textContent()).toBe("اختر الحجم");
    await arSheet.getByRole("checkbox").first().check();
    await arSheet.getByTestId("add-to-cart").scrollIntoViewIfNeeded();
    await shoot(ar, "option-rules-sheet-ar-dark");
    await Promise.all([darkContext.close(), arContext.close()]);
  });

  // Its own test: the SMS step is the shared checkout's (tests/e2e/ordering-flow.ts does the same).
  it("the cart with the two extras is ordered by SMS code", { timeout: 90_000 }, async () => {
    const diner = cartPage!;
    expect(diner).toBeDefined();
    const phone = `0503${String(Date.now()).slice(-6)}`;
    await diner.getByLabel("Name", { exact: true }).fill("Sara");
    await diner.getByLabel("Phone", { exact: true }).fill(phone);
    await diner.getByRole("button", { name: "Confirm by SMS code" }).click();
    const otp = diner.locator("dialog[open]");
    await otp.getByText("A verification code has been sent to").waitFor();
    await otp.getByLabel("Verification code").fill(await latestCode(base, phone));
    await otp.getByRole("button", { name: "Verify" }).click();
    await expectLandedOnOrder(diner);
  });
});
