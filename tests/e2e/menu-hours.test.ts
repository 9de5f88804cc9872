// Menus by time of day in a real browser (docs/decisions/0051): the owner serves saffron's Breakfast from
// one to two hours from now; the diner's Breakfast says "Served …" and its dishes cannot be added (phone,
// English light and Arabic dark); served now, a dish is added; the window moved again, the cart's
// checkout names the dish whose menu is not served and keeps the cart. A category's own window (Tea,
// inside Coffee & Tea) holds only its dishes, on its list and its dish's page, set from the console's
// form. Breakfast and Tea are served whenever the branch is open again at the end (the e2e server's
// data is shared by the files that follow).
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FONT_PRELOAD_NOTE, PHONE, ownAddress, seriousA11yViolations, sharedBrowser, watchConsole, shoot } from "./browser";
import { catalogueSql, seedMember } from "./console-seed";
import { purge } from "./http";

const base = inject("baseUrl");
const browser = sharedBrowser();
const PURGE_SECRET = inject("purgeSecret");
const SAFFRON_ID = 1;
const BREAKFAST = 1; // the seed's first menu of branch 1
const HOUR_MS = 3_600_000;
let owner: string;

/** "HH:00" in Dubai (branch 1's zone) `hours` from now. */
const dubaiHour = (hours: number) =>
  `${new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Dubai", hour: "2-digit", hourCycle: "h23" }).format(Date.now() + hours * HOUR_MS)}:00`;

beforeAll(() => {
  owner = seedMember("owner", "6", "Menu Hours Owner", []);
});
afterAll(async () => {
  catalogueSql(SAFFRON_ID, `UPDATE menus SET served = NULL WHERE id = ${BREAKFAST}; UPDATE categories SET served = NULL`);
  await purge(base, PURGE_SECRET, "saffron");
});

/**
 * Sets a window on every day through the console's form inside `row` (a menu's or a category's), opened
 * by its "When it is served" button (`button`, its first such one: a menu's comes before its
 * categories'), and waits for the save and the summary `summary` saying it.
 */
async function serve(page: Page, row: (page: Page) => Locator, summary: string, opens: string, closes: string) {
  await page.goto(`${base}/console/menu?branch=1&lng=en`);
  const scope = row(page);
  await scope.getByText("When it is served").first().click();
  const form = scope.locator("[data-testid^=form-served-]").first();
  await form.getByLabel("At set times").check();
  await form.getByLabel("From", { exact: true }).fill(opens);
  await form.getByLabel("To", { exact: true }).fill(closes);
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/console/menu"));
  await form.getByRole("button", { name: "Save" }).click();
  expect((await answered).status()).toBe(200);
  await scope
    .getByTestId(summary)
    .filter({ hasText: `${opens}–${closes}` })
    .first()
    .waitFor();
}

/** Breakfast's window (the seed's first menu of branch 1). */
const serveBreakfast = (page: Page, opens: string, closes: string) =>
  serve(page, (p) => p.getByTestId("console-menu").filter({ hasText: "Menu: Breakfast" }), "menu-served-summary", opens, closes);

/** The Tea category's window (in Coffee & Tea, branch 1). */
const serveTea = (page: Page, opens: string, closes: string) =>
  serve(
    page,
    (p) => p.getByTestId("console-category").filter({ has: p.getByRole("heading", { name: "Tea", exact: true }) }),
    "category-served-summary",
    opens,
    closes,
  );

describe("menus by time of day", () => {
  it("a menu outside its window says when it is served and holds its dishes; inside it they can be ordered", { timeout: 180_000 }, async () => {
    const ownerContext = await browser().newContext({ ...ownAddress(), viewport: PHONE, colorScheme: "light" });
    await ownerContext.addCookies([{ name: "console", value: owner, url: base, httpOnly: true, sameSite: "Lax" }]);
    const editor = await ownerContext.newPage();
    const consoleProblems = watchConsole(editor);
    const later = [dubaiHour(2), dubaiHour(3)] as const;
    await serveBreakfast(editor, ...later);
    expect(await seriousA11yViolations(editor)).toEqual([]);
    await editor.getByTestId(`form-served-${BREAKFAST}`).scrollIntoViewIfNeeded();
    await shoot(editor, "menu-served-console-phone-en-light");
    // The same form in Arabic, dark: mirrored, the times kept left to right.
    await editor.emulateMedia({ colorScheme: "dark" });
    await editor.goto(`${base}/console/menu?branch=1&lng=ar`);
    const arabic = editor.getByTestId("console-menu").filter({ hasText: "الفطور" }).first();
    await arabic.getByText("أوقات التقديم").first().click();
    await arabic.getByTestId(`form-served-${BREAKFAST}`).scrollIntoViewIfNeeded();
    expect(await seriousA11yViolations(editor)).toEqual([]);
    await shoot(editor, "menu-served-console-phone-ar-dark");
    await editor.emulateMedia({ colorScheme: "light" });

    const dinerContext = await browser().newContext({ ...ownAddress(), viewport: PHONE, colorScheme: "light" });
    const diner = await dinerContext.newPage();
    const dinerProblems = watchConsole(diner);
    await diner.goto(`${base}/saffron/1/${BREAKFAST}?lng=en`);
    const notice = diner.getByTestId("menu-not-served");
    await notice.filter({ hasText: `${later[0]}–${later[1]}` }).waitFor();
    // Each window is kept left to right inside the sentence (an isolate), in English as in Arabic.
    expect(await notice.textContent()).toContain(`Served \u2066${later[0]}–${later[1]}\u2069`);
    expect(await notice.textContent()).toMatch(/Served again (at|\w+day at) \d{1,2}:00/);
    const addButtons = diner.locator("[data-testid=product-card] button");
    expect(await addButtons.count()).toBeGreaterThan(0);
    expect(await addButtons.evaluateAll((buttons) => buttons.every((b) => (b as HTMLButtonElement).disabled))).toBe(true);
    expect(await seriousA11yViolations(diner)).toEqual([]);
    await shoot(diner, "menu-not-served-phone-en-light");
    // The branch's page says it on Breakfast's tile too.
    await diner.goto(`${base}/saffron/1?lng=en`);
    await diner
      .getByTestId("menu-tile")
      .filter({ hasText: "Breakfast" })
      .getByTestId("menu-tile-not-served")
      .filter({ hasText: `${later[0]}–${later[1]}` })
      .waitFor();
    expect(await diner.getByTestId("menu-tile-not-served").count()).toBe(1);
    await shoot(diner, "menu-tile-not-served-phone-en-light");
    // Another menu of the branch is not held.
    await diner.goto(`${base}/saffron/1/2?lng=en`);
    await diner.locator("[data-testid=product-card] button:not([disabled])").first().waitFor();
    expect(await diner.getByTestId("menu-not-served").count()).toBe(0);

    await dinerContext.addCookies([{ name: "lng", value: "ar", url: base }]);
    await diner.emulateMedia({ colorScheme: "dark" });
    await diner.goto(`${base}/saffron/1/${BREAKFAST}?lng=ar`);
    await diner
      .getByTestId("menu-not-served")
      .filter({ hasText: `تُقدَّم \u2066${later[0]}–${later[1]}\u2069` })
      .waitFor();
    await shoot(diner, "menu-not-served-phone-ar-dark");

    // Served now: the diner adds a dish of Breakfast.
    await serveBreakfast(editor, dubaiHour(-1), dubaiHour(2));
    await diner.goto(`${base}/saffron/1/${BREAKFAST}?lng=en`);
    const omelette = diner.getByTestId("product-card").filter({ hasText: "Halloumi Omelette" });
    await omelette.locator("button:not([disabled])").click();
    const sheet = diner.locator("dialog[open]");
    await sheet.getByRole("button", { name: "Add to cart" }).click();
    await diner.getByTestId("toast-success").waitFor();
    expect(await diner.getByTestId("menu-not-served").count()).toBe(0);

    // The window moves on before the diner checks out: the cart names the dish and keeps it.
    await serveBreakfast(editor, ...later);
    await diner.goto(`${base}/saffron/1/cart?lng=en`);
    await diner.getByLabel("Name", { exact: true }).fill("Sara");
    await diner.getByLabel("Phone", { exact: true }).fill(`0503${String(Date.now()).slice(-6)}`);
    await diner.locator("button[name=intent][value=send-code]").click();
    await diner.getByText("Not served at this time: remove it, or order it later").waitFor();
    expect(await diner.getByText("Halloumi Omelette").count()).toBeGreaterThan(0);
    await diner.getByText("Not served at this time: remove it, or order it later").scrollIntoViewIfNeeded();
    await shoot(diner, "menu-not-served-cart-phone-en-dark");

    const real = (problems: string[]) => problems.filter((p) => !FONT_PRELOAD_NOTE.test(p));
    expect(real(consoleProblems)).toEqual([]);
    // The refused checkout (a line whose menu is not served) is a 409 by design; nothing else.
    expect(real(dinerProblems)).toEqual(["error: Failed to load resource: the server responded with a status of 409 (Conflict)"]);
    await ownerContext.close();
    await dinerContext.close();
  });

  it("a category with its own window (Tea, inside Coffee & Tea) says when it is served and holds only its dishes", { timeout: 120_000 }, async () => {
    const ownerContext = await browser().newContext({ ...ownAddress(), viewport: PHONE, colorScheme: "light" });
    await ownerContext.addCookies([{ name: "console", value: owner, url: base, httpOnly: true, sameSite: "Lax" }]);
    const editor = await ownerContext.newPage();
    const consoleProblems = watchConsole(editor);
    const later = [dubaiHour(2), dubaiHour(3)] as const;
    await serveTea(editor, ...later);
    expect(await seriousA11yViolations(editor)).toEqual([]);
    await editor
      .getByTestId("console-category")
      .filter({ has: editor.getByRole("heading", { name: "Tea", exact: true }) })
      .locator("[data-testid^=form-served-category-]")
      .scrollIntoViewIfNeeded();
    await shoot(editor, "category-served-console-phone-en-light");

    const dinerContext = await browser().newContext({ ...ownAddress(), viewport: PHONE, colorScheme: "light" });
    const diner = await dinerContext.newPage();
    const dinerProblems = watchConsole(diner);
    // The menu's first category (Espresso Bar) is served: its dishes can be added, no notice.
    await diner.goto(`${base}/saffron/1/2?lng=en`);
    await diner.locator("[data-testid=product-card] button:not([disabled])").first().waitFor();
    expect(await diner.getByTestId("menu-not-served").count()).toBe(0);
    // Tea is not: its notice says when, and none of its dishes can be added.
    await diner.getByRole("link", { name: "Tea", exact: true }).click();
    const notice = diner.getByTestId("menu-not-served");
    await notice.filter({ hasText: `Served \u2066${later[0]}–${later[1]}\u2069` }).waitFor();
    const teaList = new URL(diner.url());
    const addButtons = diner.locator("[data-testid=product-card] button");
    expect(await addButtons.count()).toBeGreaterThan(0);
    expect(await addButtons.evaluateAll((buttons) => buttons.every((b) => (b as HTMLButtonElement).disabled))).toBe(true);
    expect(await seriousA11yViolations(diner)).toEqual([]);
    await shoot(diner, "category-not-served-phone-en-light");
    // A Tea dish's own page says it too, and its add button is held.
    await diner.locator("[data-testid=product-card] a").first().click();
    await diner.getByTestId("menu-not-served").waitFor();
    expect(await diner.getByRole("button", { name: "Add to cart" }).isDisabled()).toBe(true);
    await diner.emulateMedia({ colorScheme: "dark" });
    teaList.searchParams.set("lng", "ar");
    await diner.goto(teaList.href);
    await diner
      .getByTestId("menu-not-served")
      .filter({ hasText: `تُقدَّم \u2066${later[0]}–${later[1]}\u2069` })
      .waitFor();
    await shoot(diner, "category-not-served-phone-ar-dark");

    // Served now: a Tea dish is added.
    await serveTea(editor, dubaiHour(-1), dubaiHour(2));
    await diner.emulateMedia({ colorScheme: "light" });
    await diner.reload();
    await diner.locator("[data-testid=product-card] button:not([disabled])").first().click();
    await diner.locator("dialog[open]").getByRole("button", { name: "أضف إلى السلة" }).click();
    await diner.getByTestId("toast-success").waitFor();
    expect(await diner.getByTestId("menu-not-served").count()).toBe(0);

    const real = (problems: string[]) => problems.filter((p) => !FONT_PRELOAD_NOTE.test(p));
    expect(real(consoleProblems)).toEqual([]);
    expect(real(dinerProblems)).toEqual([]);
    await ownerContext.close();
    await dinerContext.close();
  });
});
