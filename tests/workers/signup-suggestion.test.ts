// First contact (docs/decisions/0032): sign-up suggests a web address from the restaurant's name (Arabic transliterated),
// checked against the one rule and the database; a taken one gets a suffix; an empty field is filled
// by the server (the page without its script).
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { slugProblem } from "../../worker/rules/reserved";
import { suggestDomain } from "../../worker/console/signup";
import { slugFromName, slugFromNames } from "../../worker/rules/slug-from-name";
import worker from "../../worker/index";

const site = (path: string, init: RequestInit = {}) => worker.fetch(new Request(`http://localhost${path}`, init), env, createExecutionContext());
let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(seq += 1)}`;
const take = (...domains: string[]) =>
  env.DB.batch(
    domains.map((d) => env.DB.prepare("INSERT INTO restaurants (domain, name_en, name_ar, country, is_active) VALUES (?, 'x', 'x', 'AE', 1)").bind(d)),
  );

describe("an address from a name", () => {
  it.each([
    ["Harbour Kitchen", "harbour-kitchen"],
    ["  Joe's Café & Grill!  ", "joes-cafe-and-grill"],
    ["Crème Brûlée 24/7", "creme-brulee-24-7"],
    ["Straße", "strasse"],
    ["مقهى زعفران", "mqha-zafran"],
    ["مَطْبَخ الميناء", "mtbkh-almyna"],
    ["شاورما ٣٦٥", "shawrma-365"],
    ["Burger مطبخ", "burger-mtbkh"],
    ["🍕🍕", ""],
    ["AB", ""],
    ["a-b", ""],
    ["", ""],
  ])("%j → %j", (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
    if (slug) expect(slugProblem(slug)).toBeNull();
  });

  it("never gives an address the rule refuses as malformed, however long or odd the name", () => {
    const names = ["x".repeat(200), `${"word ".repeat(30)}`, "a".repeat(39) + " b", "---a---b---c---", "١٢٣", "ـــــ", "ءءء"];
    for (const name of names) {
      const slug = slugFromName(name);
      if (slug) expect(slugProblem(slug) === "invalid", `${name} → ${slug}`).toBe(false);
      expect(slug.length).toBeLessThanOrEqual(40);
    }
    expect(slugFromName(`${"word ".repeat(30)}`)).toMatch(/^word(-word)+$/);
  });

  it("uses the Arabic name when the English one gives nothing", () => {
    expect(slugFromNames("!!", "مطبخ الميناء")).toBe("mtbkh-almyna");
    expect(slugFromNames("Harbour", "مطبخ الميناء")).toBe("harbour");
    expect(slugFromNames("!!", "")).toBe("");
  });
});

describe("a free address near it", () => {
  it("is the address itself when free, else the next free numbered one", async () => {
    const base = unique("harbour");
    expect(await suggestDomain(env.DB, base)).toBe(base);
    await take(base);
    expect(await suggestDomain(env.DB, base)).toBe(`${base}-2`);
    await take(`${base}-2`, `${base}-3`);
    expect(await suggestDomain(env.DB, base)).toBe(`${base}-4`);
  });

  it("steps around reserved words, empty names and the 40-character bound", async () => {
    expect(await suggestDomain(env.DB, "menu")).toBe("menu-2");
    expect(await suggestDomain(env.DB, "")).toMatch(/^restaurant(-\d+)?$/);
    const long = `l${Date.now().toString(36)}`.padEnd(40, "x");
    await take(long);
    const next = await suggestDomain(env.DB, long);
    expect(next).toBe(`${long.slice(0, 38)}-2`);
    expect(slugProblem(next)).toBeNull();
  });

  it("falls back to a random suffix once the numbered ones are all taken", async () => {
    const base = unique("busy");
    await take(base, ...Array.from({ length: 19 }, (_, i) => `${base}-${i + 2}`));
    const next = await suggestDomain(env.DB, base);
    expect(next).toMatch(new RegExp(`^${base}-\\d{4}$`));
    expect(slugProblem(next)).toBeNull();
  });
});

describe("sign-up without a web address", () => {
  it("takes the address the name suggests, with a suffix when the name's is taken", { timeout: 30_000 }, async () => {
    const name = unique("Corner Bakery").replace(/-/g, " ");
    const slug = slugFromName(name);
    await take(slug);
    const phone = `055${String(Date.now() % 1_000_000).padStart(6, "0")}1`.slice(0, 10);
    const post = (fields: Record<string, string>) =>
      site("/signup", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": "198.51.100.77" },
        redirect: "manual",
      });
    expect((await post({ intent: "send-code", phone, country: "AE" })).status).toBe(200);
    const body = (await env.DB.prepare("SELECT body FROM sms_outbox WHERE phone = ? ORDER BY id DESC")
      .bind(`+971${phone.slice(1)}`)
      .first<{ body: string }>())!.body;
    const code = /(\d{6})/.exec(body)![1]!;
    const res = await post({
      intent: "create",
      name_en: name,
      name_ar: "مخبز الزاوية",
      domain: "",
      country: "AE",
      plan: "monthly",
      owner_name: "Huda",
      phone,
      code,
    });
    expect(res.status).toBe(302);
    const made = await env.DB.prepare("SELECT domain FROM restaurants WHERE name_en = ?").bind(name).first<{ domain: string }>();
    expect(made?.domain).toBe(`${slug}-2`);
  });

  it("shows the trial's length from TRIAL_DAYS on the sign-up page and the landing, in both languages", async () => {
    for (const [lang, text] of [
      ["en", "14-day free trial"],
      ["ar", "تجربة مجانية لمدة 14 يوماً"],
    ] as const) {
      for (const path of ["/signup", "/"]) {
        const html = await (await site(`${path}?lng=${lang}`)).text();
        expect(html, `${path} ${lang}`).toContain(text);
      }
    }
    const landing = await (await site("/?lng=en")).text();
    expect(/<a[^>]*data-testid="hero-start"[^>]*>([^<]*)<\/a>/.exec(landing)?.[0]).toMatch(/href="\/signup".*>Start free trial</);
  });

  it("has 'Sign in' in the header of every marketing page and the sign-up page", async () => {
    for (const path of ["/", "/contact", "/about-us", "/terms-of-service", "/privacy-policy", "/chat", "/signup"]) {
      for (const [lang, text] of [
        ["en", "Sign in"],
        ["ar", "تسجيل الدخول"],
      ] as const) {
        const html = await (await site(`${path}?lng=${lang}`)).text();
        expect(html, `${path} ${lang}`).toMatch(new RegExp(`<a[^>]*href="/console/sign-in"[^>]*>${text}</a>`));
      }
    }
  });
});
