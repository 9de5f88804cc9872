// The restaurant-side steps the browser tests share: signing up from the landing page (code from the
// demo outbox, DEMO billing) and reading a console code from the outbox.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { marketingStrings } from "../../app/locales/marketing";

const TEXT = {
  en: { sendCode: "Send code", create: "Create my restaurant", start: "Start the free trial", available: "Available" },
  ar: { sendCode: "أرسل الرمز", create: "أنشئ مطعمي", start: "ابدأ التجربة المجانية", available: "متاح" },
} as const;

/** A UAE mobile number no other test uses: as typed, and in E.164. */
export function freshMobile(prefix = "55") {
  const local = `${prefix}${String(crypto.getRandomValues(new Uint32Array(1))[0]! % 10_000_000).padStart(7, "0")}`;
  return { typed: `0${local}`, e164: `+971${local}` };
}

/** The newest code sent to an E.164 phone (the demo outbox). */
export async function outboxCode(base: string, e164: string): Promise<string> {
  // A sign-in code is texted after the answer (in the background): wait a moment for it.
  for (let i = 0; ; i++) {
    const outbox = (await (await fetch(`${base}/api/dev/outbox?phone=${encodeURIComponent(e164)}`)).json()) as { data: { body: string }[] };
    if (outbox.data[0] || i >= 50) return /(\d{6})/.exec(outbox.data[0]!.body)![1]!;
    await new Promise((done) => setTimeout(done, 50));
  }
}

export interface SignUp {
  lang: "en" | "ar";
  domain: string;
  name: string;
  nameAr: string;
  owner: ReturnType<typeof freshMobile>;
  /** The sign-up form's country (its phone is read against it); the form's own default when absent. */
  country?: string;
}

/** Fills /signup from the landing's call to action up to "create" (with the code entered). */
export async function fillSignUp(page: Page, base: string, s: SignUp) {
  const t = TEXT[s.lang];
  await page.goto(`${base}/?lng=${s.lang}`);
  await page.getByRole("link", { name: marketingStrings(s.lang).plans.cta }).click();
  await page.waitForURL(/\/signup$/);
  await page.waitForLoadState("networkidle");
  await page.fill("#name_en", s.name);
  await page.fill("#name_ar", s.nameAr);
  await page.fill("#domain", s.domain);
  await expect.poll(() => page.getByTestId("domain-check").textContent(), { timeout: 10_000 }).toContain(t.available);
  await page.fill("#owner_name", "Mariam");
  if (s.country) await page.selectOption("#country", s.country);
  await page.fill("#phone", s.owner.typed);
  await page.getByRole("button", { name: t.sendCode }).click();
  await page
    .getByRole("status")
    .filter({ hasText: s.owner.e164.slice(0, 4) })
    .waitFor();
  await page.fill("#code", await outboxCode(base, s.owner.e164));
}

/** Creates the restaurant and starts the DEMO trial; ends in the console. */
export async function finishSignUp(page: Page, lang: "en" | "ar") {
  const t = TEXT[lang];
  await page.getByRole("button", { name: t.create }).click();
  // The DEMO billing page's button is a plain form: it works before the page has hydrated, so only the
  // page's arrival is awaited (CI once saw its load event come later than 30 s on a busy machine).
  await page.waitForURL(/\/console\/billing\/demo$/, { waitUntil: "commit" });
  await page.getByRole("button", { name: t.start }).click();
  await page.waitForURL(/\/console\?billing=started$/);
}

/** Signs a seeded member in by SMS code: `path` sends to sign-in, and the browser comes back to `back`. */
export async function signInByCode(page: Page, base: string, path: string, who: { typed: string; e164: string }, back: RegExp) {
  await page.goto(`${base}${path}`);
  await page.waitForURL(/\/console\/sign-in\?/);
  await page.getByLabel("Phone number").fill(who.typed);
  await page.getByRole("button", { name: "Send code" }).click();
  // The code field shows once the send has answered (so the code is in the outbox).
  await page.getByLabel("6-digit code").waitFor();
  await page.getByLabel("6-digit code").fill(await outboxCode(base, who.e164));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(back);
}
