// The marketing pages inside workerd: status, title, cache headers, legal headings, custom hosts.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import worker from "../../worker/index";
import { describe, expect, it } from "vitest";
import legalAr from "../../app/locales/marketing/terms-ar";
import legalEn from "../../app/locales/marketing/terms-en";
import privacyAr from "../../app/locales/marketing/privacy-ar";
import privacyEn from "../../app/locales/marketing/privacy-en";

const get = (url: string) => exports.default.fetch(url);
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const text = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

describe("marketing pages", () => {
  it.each([
    ["/", "Home · Menu", "الرئيسية · منيو"],
    ["/contact", "Contact · Menu", "اتصل بنا · منيو"],
    ["/terms-of-service", "Terms of Service · Menu", "شروط الخدمة · منيو"],
    ["/privacy-policy", "Privacy Policy · Menu", "سياسة الخصوصية · منيو"],
    ["/about-us", "About us · Menu", "من نحن · منيو"],
  ])("%s answers 200 with its title and public cache headers in both languages", async (path, en, ar) => {
    for (const [lang, expected] of [
      ["en", en],
      ["ar", ar],
    ] as const) {
      const res = await get(`http://localhost${path}?lng=${lang}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toMatch(/^public, /);
      expect(res.headers.get("vary")).toMatch(/Cookie/);
      expect(res.headers.get("content-language")).toBe(lang);
      const html = await res.text();
      expect(title(html)).toBe(expected);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
      expect(html).toContain('property="og:title"');
      expect(html).toMatch(/hrefLang="ar"|hreflang="ar"/i);
    }
  });

  it("shows the offer and the nine features on the landing page", async () => {
    const html = await (await get("http://localhost/?lng=en")).text();
    expect(html).toContain("119 AED");
    expect(html).toContain("95 AED");
    expect(html).toContain("20%");
    for (const feature of [
      "Multiple languages",
      "Multiple separate branches",
      "Design customization",
      "Easy update",
      "Tags and offers",
      "Options and add-ons",
      "Product sorting",
      "Social media integration",
      "Customer support",
    ]) {
      expect(html).toContain(feature);
    }
    expect(html).toContain('href="/saffron"');
  });

  it.each([
    ["terms-of-service", legalEn, legalAr, "25 June 2024", "25 يونيو 2024"],
    ["privacy-policy", privacyEn, privacyAr, "June 2024", "يونيو 2024"],
  ])("/%s carries every section heading and the updated date in both languages", async (path, en, ar, enDate, arDate) => {
    const english = text(await (await get(`http://localhost/${path}?lng=en`)).text());
    const arabic = text(await (await get(`http://localhost/${path}?lng=ar`)).text());
    for (const section of en.sections) expect(english).toContain(section.heading);
    for (const section of ar.sections) expect(arabic).toContain(section.heading);
    expect(english).toContain(enDate);
    expect(arabic).toContain(arDate);
  });

  it("has the sections the spec lists", () => {
    expect(privacyEn.sections.map((s) => s.id)).toEqual([
      "sharing",
      "opt-out",
      "modify-delete",
      "rights",
      "transfer",
      "retention",
      "children",
      "california",
      "changes",
      "security",
      "contact",
    ]);
    expect(legalEn.sections).toHaveLength(20);
    expect(legalAr.sections.map((s) => s.id)).toEqual(legalEn.sections.map((s) => s.id));
    expect(privacyAr.sections.map((s) => s.id)).toEqual(privacyEn.sections.map((s) => s.id));
  });

  it("builds the mailto link on the server when JavaScript is off, and names missing fields", async () => {
    const missing = await (await get("http://localhost/contact?lng=en&name=Sara&phone=&subject=Demo&message=")).text();
    expect(missing.match(/This field is required/g)).toHaveLength(2);
    const ready = text(await (await get("http://localhost/contact?lng=en&name=Sara&phone=0501234567&subject=Demo&message=Hello")).text());
    expect(ready).toContain("mailto:hello@menu.example.com?subject=Menu%20enquiry%3A%20Demo&body=Hello");
  });

  it("speaks to the Gulf: the home's description names the six countries and the menus' currencies, in both languages", async () => {
    const description = (html: string) => text(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "");
    const en = description(await (await get("http://localhost/?lng=en")).text());
    for (const word of ["UAE", "Saudi Arabia", "Kuwait", "Bahrain", "Qatar", "Oman", "SAR", "KWD", "BHD", "QAR", "OMR"]) expect(en).toContain(word);
    const ar = description(await (await get("http://localhost/?lng=ar")).text());
    for (const word of ["الإمارات", "السعودية", "الكويت", "البحرين", "قطر", "عُمان", "ريال سعودي", "دينار كويتي"]) expect(ar).toContain(word);
  });

  it("shows a Gulf visitor the plans (as a guide) and the example dishes in their own currency, and keeps each country's copy apart", async () => {
    const from = async (country: string | null, lang = "en") => {
      const ctx = createExecutionContext();
      // No ?lng= (it sets a cookie, and an answer that does is never kept): the language from the header.
      const request = new Request("http://localhost/", { headers: { "accept-language": lang }, ...(country ? { cf: { country } } : {}) });
      const res = await worker.fetch(request, env, ctx);
      const html = await res.text();
      await waitOnExecutionContext(ctx); // the page cache's copy is kept before the next visitor comes
      return html;
    };
    const saudi = await from("SA");
    expect(saudi).toContain("about 97.00 SAR");
    expect(saudi).toContain("About 97.00 SAR a month.");
    expect(saudi).toContain("95 AED");
    expect(await from("KW", "ar")).toContain("حوالي 7.900 د.ك");
    // The example dishes are priced as a menu in the visitor's country would price them.
    const example = (html: string) => /data-testid="example-price">([^<]*)</.exec(html)?.[1];
    const kuwaiti = await from("KW");
    expect(example(kuwaiti)).toBe("2.250 KWD");
    expect(kuwaiti).toContain("+0.250");
    expect(kuwaiti).toMatch(/2\.000 KWD<\/del>.*1\.750 KWD<\/strong>/s);
    expect(example(await from("KW", "ar"))).toBe("2.250 د.ك");
    expect(example(saudi)).toBe("27.00 SAR");
    // The UAE, another country or none: the AED price alone, never a copy kept for a Saudi visitor.
    for (const country of ["AE", "GB", null]) expect(await from(country)).not.toContain('data-testid="plan-guide"');
    for (const country of ["AE", "GB", null]) expect(example(await from(country))).toBe("26.00 AED");
    expect(await from("SA")).toContain("about 97.00 SAR");
  });

  it("serves sitemap.xml and robots.txt", async () => {
    const sitemap = await get("http://localhost/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    expect(await sitemap.text()).toContain('hreflang="ar"');
    expect(await (await get("http://localhost/robots.txt")).text()).toContain("Sitemap: http://localhost/sitemap.xml");
  });

  it("answers 404 with a titled page for unknown marketing paths, and on a restaurant's own host (its sitemap is its own: page-head.test.ts)", async () => {
    const res = await get("http://localhost/pricing?lng=ar");
    expect(res.status).toBe(404);
    expect(title(await res.text())).toBe("الصفحة غير موجودة · منيو");
    for (const path of ["/contact", "/terms-of-service"]) {
      expect((await get(`http://menu.grillhouse.test${path}`)).status, path).toBe(404);
    }
  });
});
