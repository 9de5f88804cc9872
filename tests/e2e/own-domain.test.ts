// "Your own domain" in a real browser: a new owner is told why a bad hostname is refused, claims one,
// sees the TXT record that proves it and the CNAME to create, and cancels the claim. Screenshots: phone, EN light and AR dark.
import { describe, expect, inject, it } from "vitest";
import { fillSignUp, finishSignUp, freshMobile } from "./console-flow";
import { ownAddress, PHONE, sharedBrowser, watchConsole, shoot } from "./browser";

const base = inject("baseUrl");
const browser = sharedBrowser();

describe("own domain", () => {
  it("an owner registers a hostname, sees the DNS record, and removes it", { timeout: 120_000 }, async () => {
    const context = await browser().newContext({ viewport: PHONE, deviceScaleFactor: 2, colorScheme: "light", ...ownAddress() });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const domain = `own-${Date.now().toString(36)}`;
    const host = `menu.${domain}.test`;
    await fillSignUp(page, base, { lang: "en", domain, name: "Own Domain Grill", nameAr: "مشاوي النطاق", owner: freshMobile() });
    await finishSignUp(page, "en");

    await page.goto(`${base}/console/branches`);
    const section = page.getByTestId("own-domain");
    await section.getByRole("heading", { name: "Your own domain" }).waitFor();
    await section.getByText("No own domain yet").waitFor();

    await section.getByLabel("Hostname").fill(`https://${host}/menu`);
    await section.getByTestId("own-domain-save").click();
    await page.getByTestId("own-domain-problem").waitFor();
    expect(await page.getByTestId("own-domain-problem").textContent()).toBe(
      "Enter the hostname alone, like menu.your-restaurant.com: no http://, no path, no port.",
    );

    await section.getByLabel("Hostname").fill(host.toUpperCase());
    await section.getByTestId("own-domain-save").click();
    // A claim (docs/decisions/0037): nothing is served until the TXT record proves the domain is the owner's.
    await page.getByTestId("own-domain-claim-host").waitFor();
    expect(await page.getByTestId("own-domain-claim-host").textContent()).toBe(host);
    expect(await page.getByTestId("own-domain-txt-type").textContent()).toBe("TXT");
    expect(await page.getByTestId("own-domain-txt-name").textContent()).toBe(`_menu-verify.${host}`);
    expect(await page.getByTestId("own-domain-txt-value").textContent()).toMatch(/^menu-verify=/);
    expect(await page.getByTestId("own-domain-record-type").textContent()).toBe("CNAME");
    expect(await page.getByTestId("own-domain-record-name").textContent()).toBe(host);
    expect(await page.getByTestId("own-domain-record-value").textContent()).toBe(new URL(base).hostname);
    expect(await page.getByTestId("own-domain-problem").count()).toBe(0);
    await section.scrollIntoViewIfNeeded();
    await shoot(page, "own-domain-en-light", { fullPage: true });

    // Arabic, dark, on the phone: the hostname and the record stay left-to-right.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${base}/console/branches?lng=ar`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await page.getByRole("heading", { name: "نطاقك الخاص" }).waitFor();
    await page.getByTestId("own-domain-claim-host").waitFor();
    await page.getByTestId("own-domain").scrollIntoViewIfNeeded();
    await shoot(page, "own-domain-ar-dark", { fullPage: true });

    // Cancelling the claim: the section says there is none.
    await page.getByTestId("own-domain-claim-remove").click();
    await page.getByText("لا يوجد نطاق خاص بعد").waitFor();
    expect(await page.getByTestId("own-domain-claim-host").count()).toBe(0);
    // The one refused hostname above answered 422 on purpose.
    expect(problems.filter((p) => !p.includes("status of 422"))).toEqual([]);
    await context.close();
  });
});
