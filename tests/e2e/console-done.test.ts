// A new owner's whole first path in one browser run: a new owner goes from the landing page to a live menu page
// with a trial, invites a staff member, who signs in with a code, adds a passkey, signs in with it
// next time, and cannot reach the Account page.
import { describe, expect, inject, it } from "vitest";
import { fillSignUp, finishSignUp, freshMobile, outboxCode } from "./console-flow";
import { ownAddress, PHONE, sharedBrowser, watchConsole, shoot } from "./browser";

const base = inject("baseUrl");
const browser = sharedBrowser();

describe("a restaurant's first day on the console", () => {
  it("signs up with a trial, invites staff; the staff member signs in by code, then by passkey, and is kept from Account", { timeout: 120_000 }, async () => {
    // The owner, on a phone.
    const ownerContext = await browser().newContext({ viewport: PHONE, ...ownAddress() });
    const owner = await ownerContext.newPage();
    const ownerProblems = watchConsole(owner);
    const domain = `first-day-${Date.now().toString(36)}`;
    await fillSignUp(owner, base, { lang: "en", domain, name: "Corniche Grill", nameAr: "مشويات الكورنيش", owner: freshMobile() });
    await finishSignUp(owner, "en");
    await owner.goto(`${base}/console/account`);
    expect(await owner.getByTestId("account-status").textContent()).toBe("Free trial");
    expect((await owner.goto(`${base}/${domain}`))!.status()).toBe(200);

    // The owner invites a staff member for the one branch.
    const staff = freshMobile("56");
    await owner.goto(`${base}/console/staff`);
    const invite = owner.locator("form").filter({ has: owner.getByRole("button", { name: "Invite" }) });
    await invite.getByLabel("Name").fill("Sami");
    await invite.getByLabel("Phone").fill(staff.typed);
    await invite.getByLabel("Role").selectOption("staff");
    await invite.getByRole("checkbox").first().check();
    await invite.getByRole("button", { name: "Invite" }).click();
    await owner.getByText("Invited.").waitFor();
    await owner.getByTestId("staff-invite-sms").waitFor();
    await owner.getByText("Sami", { exact: true }).first().waitFor();
    await shoot(owner, "console-staff-invited-en-light");
    expect(ownerProblems).toEqual([]);
    // The invitation's SMS (the demo outbox) carries the sign-in link with Sami's phone filled in.
    const outbox = (await (await fetch(`${base}/api/dev/outbox?phone=${encodeURIComponent(staff.e164)}`)).json()) as { data: { body: string }[] };
    const link = /(https?:\/\/\S+\/console\/sign-in\?phone=\S+)/.exec(outbox.data[0]!.body)![1]!;

    // The staff member, on their own phone with a platform authenticator.
    const staffContext = await browser().newContext({ viewport: PHONE, ...ownAddress() });
    const page = await staffContext.newPage();
    const problems = watchConsole(page);
    const cdp = await staffContext.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.goto(link);
    expect(await page.getByLabel("Phone number").inputValue()).toBe(staff.e164);
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByLabel("6-digit code").waitFor();
    await page.getByLabel("6-digit code").fill(await outboxCode(base, staff.e164));
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // The invitation is theirs to accept (docs/decisions/0037), under a name of their own; staff then land on the
    // orders board, not the owner's first steps.
    await page.waitForURL(/\/console\/invitations$/);
    await page.getByLabel("Your name").fill("Sami Haddad");
    await page.getByRole("button", { name: "Accept and open" }).click();
    await page.waitForURL(/\/console\/orders(\?branch=\d+)?$/);
    expect(await page.getByTestId("console-restaurant").textContent()).toBe("Corniche Grill");
    // Staff see the board's section, never Account.
    expect(await page.getByRole("link", { name: "Account" }).count()).toBe(0);

    await page.goto(`${base}/console/security`);
    // The button is enabled once the page's script runs (before, a press would only reload the page).
    await page.locator("button:not([disabled])", { hasText: "Add a passkey" }).waitFor();
    await page.getByLabel("Passkey name").fill("Sami's phone");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await page.getByText("Passkey added.").waitFor();
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.waitForURL(/\/console\/sign-in$/);

    // Next time: the passkey alone.
    await page.goto(`${base}/console/sign-in`);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL(/\/console\/orders(\?branch=\d+)?$/);
    const account = await page.goto(`${base}/console/account`);
    expect(account!.status()).toBe(403);
    await page.getByText("Your role does not include this page.").waitFor();
    await shoot(page, "console-staff-account-refused-en-light");
    expect(problems.filter((p) => !p.includes("403"))).toEqual([]);
    await staffContext.close();
    await ownerContext.close();
  });
});
