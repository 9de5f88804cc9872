// A team member in a real browser: signs in by SMS code (English), adds a passkey on Sign-in &
// security with Chromium's virtual authenticator (DevTools protocol WebAuthn), signs out, signs in with
// the passkey (Arabic, dark), then signs out everywhere. The member is seeded in the server's local D1.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { outboxCode } from "./console-flow";
import { sql as d1 } from "./console-seed";
import { PHONE, ownAddress, seriousA11yViolations, sharedBrowser, watchConsole, shoot } from "./browser";

const browser = sharedBrowser();
const seeded = (n: number) => {
  const local = `58${String((Date.now() + n) % 10_000_000).padStart(7, "0")}`;
  return { typed: `0${local}`, e164: `+971${local}` };
};
const member = seeded(0);
/** A second member, for the page without JavaScript (a phone gets one code a minute). */
const plain = seeded(1);

beforeAll(() => {
  // Sign-up is another screen's work: the member is written straight into the e2e server's D1.
  const sql = [member, plain]
    .map(
      (m) => `INSERT INTO people (phone, name, created_at) VALUES ('${m.e164}', 'Rania', 0);
    INSERT INTO members (restaurant_id, person_id, role, created_at)
      SELECT r.id, p.id, 'manager', 0 FROM restaurants r, people p WHERE r.domain = 'saffron' AND p.phone = '${m.e164}';`,
    )
    .join("\n");
  d1(sql);
});

const latestCode = (baseUrl: string, who = member) => outboxCode(baseUrl, who.e164);

async function signOut(page: Page, label: string) {
  await page.getByRole("button", { name: label, exact: true }).click();
  await page.waitForURL(/\/console\/sign-in$/);
}

describe("console sign-in in a browser", () => {
  it("signs in by code, adds a passkey, signs in with it in Arabic (dark), signs out everywhere", async () => {
    const baseUrl = inject("baseUrl");
    const context = await browser().newContext({ viewport: PHONE, ...ownAddress() });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    // English, light: the code path.
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`${baseUrl}/console/security`);
    await page.waitForURL(/\/console\/sign-in\?next=%2Fconsole%2Fsecurity$/);
    await expect(page.getByRole("heading", { name: "Sign in to your console" }).isVisible()).resolves.toBe(true);
    await page.getByRole("button", { name: "Sign in with a passkey" }).waitFor();
    await shoot(page, "console-sign-in-en-light", { fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel("Phone number").fill(member.typed);
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByLabel("6-digit code").waitFor();
    await expect(page.getByTestId("sign-in-demo").isVisible()).resolves.toBe(true);
    await shoot(page, "console-sign-in-code-en-light", { fullPage: true });
    await page.getByLabel("6-digit code").fill(await latestCode(baseUrl));
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/console\/security$/);

    // Add a passkey.
    await page.getByTestId("no-passkeys").waitFor();
    await page.getByLabel("Passkey name").fill("Test phone");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await page.getByText("Passkey added.").waitFor();
    await page.getByTestId("passkeys").getByText("Test phone").waitFor();
    await expect(page.getByText("Not used yet").isVisible()).resolves.toBe(true);
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await shoot(page, "console-security-en-light", { fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await signOut(page, "Sign out");
    // Signed out: the console sends them back to sign in.
    await page.goto(`${baseUrl}/console/security`);
    await page.waitForURL(/\/console\/sign-in\?/);

    // Arabic, dark: the passkey path.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${baseUrl}/console/sign-in?lng=ar&next=%2Fconsole%2Fsecurity`);
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await page.locator("html").getAttribute("class")).toContain("dark");
    await page.getByRole("button", { name: "الدخول بمفتاح المرور" }).waitFor();
    await shoot(page, "console-sign-in-ar-dark", { fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "الدخول بمفتاح المرور" }).click();
    await page.waitForURL(/\/console\/security$/);
    await page.getByTestId("passkeys").getByText("Test phone").waitFor();
    await expect(page.getByText(/آخر استخدام/).isVisible()).resolves.toBe(true);
    await shoot(page, "console-security-ar-dark", { fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Sign out everywhere: this session ends too.
    await page.getByRole("button", { name: "تسجيل الخروج من كل الأجهزة" }).click();
    await page.waitForURL(/\/console\/sign-in$/);
    await page.goto(`${baseUrl}/console/security`);
    await page.waitForURL(/\/console\/sign-in\?/);
    expect(problems.filter((p) => !/Failed to load resource.*(401|404|422)/.test(p))).toEqual([]);
    await context.close();
  });

  it("signs in by code without JavaScript, with plain forms", async () => {
    const baseUrl = inject("baseUrl");
    const context = await browser().newContext({ viewport: PHONE, javaScriptEnabled: false, ...ownAddress() });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/console/sign-in?next=%2Fconsole%2Fsecurity`);
    // A passkey needs JavaScript: no button that could do nothing.
    expect(await page.getByRole("button", { name: "Sign in with a passkey" }).count()).toBe(0);
    await page.getByLabel("Phone number").fill("12");
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByRole("alert").getByText("does not look like a phone number").waitFor();
    await page.getByLabel("Phone number").fill(plain.typed);
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByLabel("6-digit code").fill("000000");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("alert").getByText("That code is wrong or expired").waitFor();
    await page.getByLabel("6-digit code").fill(await latestCode(baseUrl, plain));
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/console\/security$/);
    await page.getByTestId("no-passkeys").waitFor();
    await signOut(page, "Sign out");
    await context.close();
  });
});
