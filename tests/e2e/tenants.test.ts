// Drafts and consented invitations in a real browser (docs/decisions/0037): a new restaurant is a draft its owner previews under a "Preview" banner
// (strangers get the 404 page) until the DEMO trial starts; an invited person accepts the invitation
// after signing in, under a name of their own. Screenshots: phone, EN light and AR dark.
import { describe, expect, inject, it } from "vitest";
import { fillSignUp, freshMobile, outboxCode } from "./console-flow";
import { ownAddress, PHONE, sharedBrowser, watchConsole, shoot } from "./browser";

const base = inject("baseUrl");
const browser = sharedBrowser();

describe("no free restaurants, consented invites", () => {
  it("a draft is previewed by its owner under a banner, a 404 to others, live once the trial starts; an invitee accepts", { timeout: 180_000 }, async () => {
    const ownerContext = await browser().newContext({ viewport: PHONE, deviceScaleFactor: 2, colorScheme: "light", ...ownAddress() });
    const owner = await ownerContext.newPage();
    const problems = watchConsole(owner);
    const domain = `draft-${Date.now().toString(36)}`;
    await fillSignUp(owner, base, { lang: "en", domain, name: "Draft Kitchen", nameAr: "مطبخ المسودة", owner: freshMobile() });
    await owner.getByRole("button", { name: "Create my restaurant" }).click();
    await owner.waitForURL(/\/console\/billing\/demo$/);

    // The owner previews the draft: the banner says so.
    expect((await owner.goto(`${base}/${domain}?lng=en`))!.status()).toBe(200);
    await owner.getByTestId("preview-banner").waitFor();
    expect(await owner.getByTestId("preview-banner").textContent()).toContain("Only your team sees this page");
    await shoot(owner, "tenants-preview-en-light");
    await owner.emulateMedia({ colorScheme: "dark" });
    await owner.goto(`${base}/${domain}?lng=ar`);
    expect(await owner.evaluate(() => document.documentElement.dir)).toBe("rtl");
    expect(await owner.getByTestId("preview-banner").textContent()).toContain("معاينة");
    await shoot(owner, "tenants-preview-ar-dark");

    // A stranger gets the 404 page.
    const strangerContext = await browser().newContext({ viewport: PHONE, ...ownAddress() });
    const stranger = await strangerContext.newPage();
    expect((await stranger.goto(`${base}/${domain}`))!.status()).toBe(404);
    expect(await stranger.getByTestId("preview-banner").count()).toBe(0);

    // The trial starts: live for everyone, no banner.
    await owner.goto(`${base}/console/billing/demo?lng=en`);
    await owner.getByRole("button", { name: "Start the free trial" }).click();
    await owner.waitForURL(/\/console\?billing=started$/);
    expect((await stranger.goto(`${base}/${domain}`))!.status()).toBe(200);
    await owner.goto(`${base}/${domain}`);
    expect(await owner.getByTestId("preview-banner").count()).toBe(0);

    // The owner invites a manager under the name the restaurant uses.
    const invitee = freshMobile("56");
    await owner.goto(`${base}/console/staff?lng=en`);
    const invite = owner.locator("form").filter({ has: owner.getByRole("button", { name: "Invite" }) });
    await invite.getByLabel("Name").fill("Chef Sami");
    await invite.getByLabel("Phone").fill(invitee.typed);
    await invite.getByLabel("Role").selectOption("manager");
    await invite.getByRole("button", { name: "Invite" }).click();
    await owner.getByText("Invited.").waitFor();
    await owner.getByTestId("invite-pending").waitFor();

    // The invitee signs in: nothing is theirs until they accept.
    const inviteeContext = await browser().newContext({ viewport: PHONE, deviceScaleFactor: 2, colorScheme: "light", ...ownAddress() });
    const page = await inviteeContext.newPage();
    const inviteeProblems = watchConsole(page);
    await page.goto(`${base}/console/sign-in?lng=en`);
    await page.getByLabel("Phone number").fill(invitee.typed);
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByLabel("6-digit code").waitFor();
    await page.getByLabel("6-digit code").fill(await outboxCode(base, invitee.e164));
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/console\/invitations$/);
    await page.getByText("Draft Kitchen").waitFor();
    await shoot(page, "tenants-invitation-en-light", { fullPage: true });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${base}/console/invitations?lng=ar`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await page.getByText("مطبخ المسودة").waitFor();
    await shoot(page, "tenants-invitation-ar-dark", { fullPage: true });
    await page.getByLabel("اسمك").fill("Sami Haddad");
    await page.getByRole("button", { name: "اقبل وافتح" }).click();
    // A manager starts on the orders board.
    await page.waitForURL(/\/console\/orders(\?branch=\d+)?$/);
    expect(await page.getByTestId("console-restaurant").textContent()).toBe("مطبخ المسودة");

    // The owner's list keeps the restaurant's own name for them.
    await owner.goto(`${base}/console/staff?lng=en`);
    await owner.getByText("Chef Sami", { exact: true }).waitFor();
    expect(await owner.getByText("Sami Haddad").count()).toBe(0);
    expect(await owner.getByTestId("invite-pending").count()).toBe(0);
    expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
    expect(inviteeProblems).toEqual([]);
    await Promise.all([ownerContext.close(), strangerContext.close(), inviteeContext.close()]);
  });
});
