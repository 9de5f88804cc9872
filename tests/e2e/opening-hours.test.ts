// Opening hours in a real browser (issue 17): an owner gives today or tomorrow (in the branch's zone) a
// range that starts later; the diner sees "Closed now, opens at …" and cannot add a dish; the owner removes the
// range again (with the board's pause on for a moment: the same held state) and the diner can order.
// Screenshots of the editor and the notice, phone EN light / AR dark.
// The hours are restored at the end (the e2e server's data is shared by the files that follow).
import { execFileSync } from "node:child_process";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { wranglerProcessEnv } from "../../scripts/settings.ts";
import { closedRangeAhead } from "./hours-near-now";
import { signInByCode } from "./console-flow";
import { purge } from "./http";
import { FONT_PRELOAD_NOTE, PHONE, ownAddress, screenshotPath, seriousA11yViolations, sharedBrowser, watchConsole } from "./browser";

const base = inject("baseUrl");
const browser = sharedBrowser();
const local = `57${String(Date.now() % 10_000_000).padStart(7, "0")}`;
const owner = { typed: `0${local}`, e164: `+971${local}` };
const EDITOR = "/console/branches/2";
const PURGE_SECRET = "e2e-purge-secret"; // tests/e2e/global-setup.ts

const d1 = (sql: string) => execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--config", "wrangler.toml", "--local", "--persist-to", "tmp/e2e-state", "--command", sql], {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...wranglerProcessEnv(process.env), CI: "1" },
});

beforeAll(() => {
  // An owner of saffron, written straight into the e2e server's D1 (sign-up is tested elsewhere).
  d1(`INSERT INTO people (phone, name, created_at) VALUES ('${owner.e164}', 'Layla', 0);
    INSERT INTO members (restaurant_id, person_id, role, created_at) SELECT r.id, p.id, 'owner', 0 FROM restaurants r, people p WHERE r.domain = 'saffron' AND p.phone = '${owner.e164}';`);
});
afterAll(async () => {
  // Whatever happened above, branch 2 is always open again, and the files that follow see it at once:
  // without the purge, diner pages cached with these hours held every add button (board-switches).
  d1("UPDATE branches SET opening_hours = NULL, paused_until = NULL WHERE id = 2;");
  await purge(base, PURGE_SECRET, "saffron");
});

/** Saves the editor and waits for that save's answer (the "saved" note may still show from the last one). */
async function save(editor: Page) {
  const answered = editor.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/console/branches/2"));
  await editor.getByTestId("branch-save").click();
  expect((await answered).status()).toBe(200);
  await editor.getByTestId("branch-saved").waitFor();
}

async function signIn(page: Page) {
  await signInByCode(page, base, `${EDITOR}?lng=en`, owner, /\/console\/branches\/2/);
}

describe("opening hours", () => {
  it("outside today's hours the diner sees when the branch opens and cannot add; back to always open after", { timeout: 180_000 }, async () => {
    const ownerContext = await browser().newContext({ ...ownAddress(), viewport: PHONE, colorScheme: "light" });
    const editor = await ownerContext.newPage();
    const editorProblems = watchConsole(editor);
    await signIn(editor);
    await editor.getByTestId("branch-settings").waitFor();

    // One hour starting one to two hours from now in Dubai (branch 2's zone), on today's or (from 22:00)
    // tomorrow's weekday: never a range already past, whatever the hour (tests/unit/hours-near-now.test.tsx).
    const { weekday, opens, closes, notice: expected } = closedRangeAhead(Date.now(), "Asia/Dubai");
    const day = editor.getByTestId(`hours-day-${weekday}`);
    await editor.getByTestId(`add-range-${weekday}`).click();
    await day.locator(`input[name=opens-${weekday}]`).last().fill(opens);
    await day.locator(`input[name=closes-${weekday}]`).last().fill(closes);
    await save(editor);
    expect(await seriousA11yViolations(editor)).toEqual([]);
    await editor.screenshot({ path: screenshotPath("branch-settings-phone-en-light"), fullPage: true });

    const dinerContext = await browser().newContext({ ...ownAddress(), viewport: PHONE, colorScheme: "light" });
    const diner = await dinerContext.newPage();
    const dinerProblems = watchConsole(diner);
    await diner.goto(`${base}/saffron/2?lng=en`);
    await diner.getByTestId("ordering-closed").first().filter({ hasText: expected }).waitFor({ timeout: 10_000 });
    await diner.getByTestId("menu-tile").first().click();
    await diner.locator("[data-testid=product-card]").first().waitFor();
    const addButtons = diner.locator("[data-testid=product-card] button");
    expect(await addButtons.count()).toBeGreaterThan(0);
    expect(await addButtons.evaluateAll((buttons) => buttons.every((b) => (b as HTMLButtonElement).disabled))).toBe(true);
    expect(await seriousA11yViolations(diner)).toEqual([]);
    await diner.screenshot({ path: screenshotPath("menu-closed-phone-en-light") });

    // Arabic, dark: the notice and the editor.
    await dinerContext.addCookies([{ name: "lng", value: "ar", url: base }]);
    await diner.emulateMedia({ colorScheme: "dark" });
    await diner.goto(`${base}/saffron/2?lng=ar`);
    await diner.getByTestId("ordering-closed").first().filter({ hasText: "مغلق الآن" }).waitFor();
    await diner.screenshot({ path: screenshotPath("menu-closed-phone-ar-dark") });
    await editor.emulateMedia({ colorScheme: "dark" });
    await editor.goto(`${base}${EDITOR}?lng=ar`);
    await editor.getByText("إعدادات الفرع").first().waitFor();
    await editor.screenshot({ path: screenshotPath("branch-settings-phone-ar-dark"), fullPage: true });

    // Remove the range again, with the board's pause on (the same ordering state holds the diner):
    // the save purges the diner's pages, which now show the pause with its time.
    d1(`UPDATE branches SET paused_until = ${Date.now() + 15 * 60_000} WHERE id = 2;`);
    await editor.getByTestId(`hours-day-${weekday}`).getByRole("button", { name: "حذف" }).last().click();
    await save(editor);
    await diner.goto(`${base}/saffron/2?lng=en`);
    await diner.getByTestId("ordering-paused").first().filter({ hasText: /You can order again at \d{1,2}:\d{2}/ }).waitFor();
    expect(await diner.getByTestId("ordering-closed").count()).toBe(0);
    // Pause off, saved again (purged): always open, the diner can add.
    d1("UPDATE branches SET paused_until = NULL WHERE id = 2;");
    await save(editor);
    await diner.goto(`${base}/saffron/2?lng=en`);
    await diner.getByTestId("menu-tile").first().click();
    await diner.locator("[data-testid=product-card] button:not([disabled])").first().waitFor();
    expect(await diner.getByTestId("ordering-closed").count()).toBe(0);
    expect(await diner.getByTestId("ordering-paused").count()).toBe(0);
    // Chrome warns ~3 s after a load that a preloaded font went unused when the page's text is all in
    // the other script (see browsing.test.ts); the editor idles that long while D1 is written above.
    const real = (problems: string[]) => problems.filter((p) => !FONT_PRELOAD_NOTE.test(p));
    expect(real(editorProblems)).toEqual([]);
    expect(real(dinerProblems)).toEqual([]);
    await ownerContext.close();
    await dinerContext.close();
  });
});
