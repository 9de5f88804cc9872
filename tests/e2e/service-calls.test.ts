// Calls from a table in a real browser (docs/decisions/0055): the owner lets saffron's first branch take
// calls (branch settings); a diner scanning table 7 finds "Waiter" in the bottom bar (a diner with no
// table does not), asks for the bill paid at the counter; the board on a tablet shows "Table 7 · Bring
// the bill" within a second with its own sound (not the order chime); staff tap "On my way" and the
// diner's phone says "Your bill is on the way" without a reload. Screenshots: phone EN light / AR
// dark, the board on a tablet. The switch is off again at the end (later files share the server).
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { PHONE, ownAddress, seriousA11yViolations, sharedBrowser, watchConsole, shoot } from "./browser";
import { catalogueSql, seedMember } from "./console-seed";
import { purge } from "./http";

const base = inject("baseUrl");
const PURGE_SECRET = inject("purgeSecret");
const browser = sharedBrowser();
const TABLET = { width: 1024, height: 768 };
const BOARD = "/console/orders?branch=1";
const playing = (page: Page, testId: string) => page.getByTestId(testId).evaluate((audio: HTMLAudioElement) => !audio.paused);

afterAll(async () => {
  catalogueSql(1, "UPDATE branches SET service_calls = 0; DELETE FROM service_calls");
  await purge(base, PURGE_SECRET, "saffron");
});

describe("calls from a table", () => {
  it("table 7 asks for the bill: the board shows it with its sound, staff answer, the diner's phone says so live", { timeout: 180_000 }, async () => {
    const owner = seedMember("owner", "8", "Service Owner", []);
    const boardContext = await browser().newContext({ ...ownAddress(), viewport: TABLET, colorScheme: "light" });
    await boardContext.addCookies([{ name: "console", value: owner, url: base, httpOnly: true, sameSite: "Lax" }]);
    const board = await boardContext.newPage();
    const boardProblems = watchConsole(board);

    // The owner lets the branch take calls from tables.
    await board.goto(`${base}/console/branches/1?lng=en`);
    await board.getByLabel(/call a waiter and ask for the bill/).check();
    const saved = board.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/console/branches/1"));
    await board.getByTestId("branch-save").click();
    expect((await saved).status()).toBe(200);

    await board.goto(`${base}${BOARD}&lng=en`);
    await board.locator("[data-testid=board-live][data-live=true]").waitFor({ timeout: 10_000 });
    await board.getByRole("button", { name: "Turn on sound" }).click();
    await board.getByTestId("sound-on").waitFor();

    // A diner without a table sees no waiter button, and the screen is not there.
    const dinerContext = await browser().newContext({ ...ownAddress(), viewport: PHONE, colorScheme: "light" });
    const diner = await dinerContext.newPage();
    const dinerProblems = watchConsole(diner);
    await diner.goto(`${base}/saffron/1?lng=en`);
    await diner.getByRole("navigation", { name: "Main" }).waitFor();
    expect(await diner.getByRole("link", { name: "Waiter" }).count()).toBe(0);
    expect((await diner.request.get(`${base}/saffron/1/service`)).status()).toBe(404);

    // Table 7: "Waiter" in the bottom bar opens the table's service screen.
    await diner.goto(`${base}/table/7/saffron/1?lng=en`);
    await diner.getByRole("link", { name: "Waiter" }).click();
    await diner.waitForURL(/\/table\/7\/saffron\/1\/service$/);
    await diner.getByRole("heading", { name: "Table 7" }).waitFor();
    expect(await seriousA11yViolations(diner)).toEqual([]);
    await diner.getByLabel("At the counter").check();
    await diner.getByTestId("call-bill").click();
    await diner.getByTestId("service-outcome").filter({ hasText: "Sent" }).waitFor();
    const sent = Date.now();
    const state = diner.locator("[data-testid=service-call-state][data-kind=bill]");
    await state.filter({ hasText: "Bill asked, paying at the counter · waiting for staff" }).waitFor();

    // The board: the call within a second, ringing its own sound (not the order chime).
    const call = board.locator("[data-testid=service-call][data-kind=bill]");
    await call.filter({ hasText: "Table 7" }).waitFor({ timeout: 1000 });
    expect(Date.now() - sent).toBeLessThan(1500);
    expect(await call.textContent()).toContain("Bring the bill · pays at the counter");
    await board.waitForFunction(() => !(document.querySelector("[data-testid=call-sound]") as HTMLAudioElement).paused, undefined, { timeout: 1000 });
    expect(await playing(board, "chime")).toBe(false);
    expect(await seriousA11yViolations(board)).toEqual([]);
    await shoot(board, "service-call-board-tablet-en-light");
    await shoot(diner, "service-call-phone-en-light", { fullPage: true });
    // The board in Arabic, dark: the call mirrored, its words in Arabic.
    await board.emulateMedia({ colorScheme: "dark" });
    await board.goto(`${base}${BOARD}&lng=ar`);
    await board.locator("[data-testid=service-call][data-kind=bill]").filter({ hasText: "طاولة 7" }).waitFor();
    expect(await board.locator("[data-testid=service-call][data-kind=bill]").textContent()).toContain("إحضار الفاتورة · الدفع عند الكاشير");
    expect(await seriousA11yViolations(board)).toEqual([]);
    await shoot(board, "service-call-board-tablet-ar-dark");
    await board.emulateMedia({ colorScheme: "light" });
    await board.goto(`${base}${BOARD}&lng=en`);
    await board.locator("[data-testid=board-live][data-live=true]").waitFor({ timeout: 10_000 });

    // A second tap from the table finds the same call: still one on the board.
    await diner.getByTestId("call-bill").click();
    await diner.getByTestId("service-outcome").filter({ hasText: "Sent" }).waitFor();
    await board.reload();
    expect(await board.locator("[data-testid=service-call][data-kind=bill]").count()).toBe(1);
    await board.getByRole("button", { name: "Turn on sound" }).click();

    // Staff answer: the call leaves the board, its sound stops, the diner's phone says so without a reload.
    await board.locator("[data-testid=service-call][data-kind=bill]").getByRole("button", { name: "On my way" }).click();
    await board.getByTestId("board-calls").waitFor({ state: "detached" });
    expect(await playing(board, "call-sound")).toBe(false);
    await state.filter({ hasText: "Your bill is on the way" }).waitFor({ timeout: 2000 });
    expect(await state.getAttribute("data-coming")).toBe("true");

    // The same screen in Arabic, dark: mirrored.
    await diner.emulateMedia({ colorScheme: "dark" });
    await diner.goto(`${base}/table/7/saffron/1/service?lng=ar`);
    await diner.getByRole("heading", { name: "طاولة 7" }).waitFor();
    expect(await diner.locator("html").getAttribute("dir")).toBe("rtl");
    await diner.getByText("فاتورتك في الطريق إليك").waitFor();
    expect(await seriousA11yViolations(diner)).toEqual([]);
    await shoot(diner, "service-call-phone-ar-dark", { fullPage: true });

    expect(boardProblems).toEqual([]);
    expect(dinerProblems.filter((p) => !p.includes("404"))).toEqual([]);
    await boardContext.close();
    await dinerContext.close();
  });
});
