// The code sheet names the number the code went to as people write it ("+971 50 123 4567"), however
// the diner typed it, isolated left-to-right so it reads the same inside Arabic text.
import { describe, expect, inject, it } from "vitest";
import { PHONE, seriousA11yViolations, sharedBrowser, ownAddress, watchConsole, shoot } from "./browser";
import { fillCart } from "./ordering-flow";

const base = inject("baseUrl");
const browser = sharedBrowser();

const CASES = [
  { lang: "en", scheme: "light", typed: (n: string) => `0${n}`, confirm: "Confirm by SMS code", name: "Name", phone: "Phone" },
  { lang: "ar", scheme: "dark", typed: (n: string) => `+971 ${n}`, confirm: "التأكيد برمز SMS", name: "الاسم", phone: "رقم الهاتف" },
] as const;

describe.each(CASES)("the code sheet's number ($lang, $scheme)", ({ lang, scheme, typed, confirm, name, phone }) => {
  it("shows the number formatted for people, in a left-to-right isolate", { timeout: 90_000 }, async () => {
    const context = await browser().newContext({ ...ownAddress(), viewport: PHONE, colorScheme: scheme, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const problems = watchConsole(page);
    // A UAE mobile number no other run used (codes are limited per number).
    const national = `53${String(Date.now()).slice(-7)}`;
    await fillCart(page, base, lang);
    await page.getByLabel(name, { exact: true }).fill("Sara");
    await page.getByLabel(phone, { exact: true }).fill(typed(national));
    await page.getByRole("button", { name: confirm }).click();
    const shown = page.locator("dialog[open]").getByTestId("otp-phone");
    await shown.waitFor();
    expect(await shown.textContent()).toBe(`+971 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`);
    expect(await shown.evaluate((el) => [el.tagName, el.getAttribute("dir"), getComputedStyle(el).direction])).toEqual(["BDI", "ltr", "ltr"]);
    // Left to right on one line, even in a right-to-left sentence: the + first, then each group.
    const boxes = await shown.evaluate((el) => {
      const range = document.createRange();
      const text = el.firstChild!;
      return [...text.textContent!].map((_, i) => {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        const box = range.getBoundingClientRect();
        return { left: box.left, top: box.top };
      });
    });
    expect(new Set(boxes.map((b) => Math.round(b.top))).size).toBe(1);
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.left).toBeGreaterThan(boxes[i - 1]!.left);
    await shoot(page, `otp-phone-${lang}-${scheme}`);
    await shoot(page.locator("dialog[open] p").first(), `otp-phone-${lang}-${scheme}-sentence`, { scale: "device" });
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
