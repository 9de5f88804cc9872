// First contact (docs/decisions/0032): a first visit without a cookie is read in the browser's language, and the page
// cache keys it by that same reading, so Arabic and English phones never get each other's copy.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { acceptedLanguage } from "../../worker/rules/accept-language";
import { pageVariant, readPageCookies } from "../../app/lib/page-headers";
import { pageCacheKey } from "../../worker/edge/page-cache";

const get = (url: string, init?: RequestInit) => exports.default.fetch(url, init);
const isPageHit = (res: Response) => /^page;desc="HIT"/.test(res.headers.get("server-timing") ?? "");
const htmlLang = async (res: Response) => /<html lang="(\w+)"/.exec(await res.text())?.[1];
const page = () => `http://localhost/saffron/1?x=${crypto.randomUUID()}`;
const accepting = (value: string, cookie?: string) => ({ headers: { "accept-language": value, ...(cookie ? { cookie } : {}) } });

describe("Accept-Language", () => {
  it.each([
    ["ar", "ar"],
    ["ar-AE", "ar"],
    ["AR-ae", "ar"],
    ["ar;q=0.9,en;q=0.8", "ar"],
    ["en;q=0.8, ar;q=0.9", "ar"],
    ["en-US,ar;q=0.5", "en"],
    ["fr-FR,fr;q=0.9,ar;q=0.8,en;q=0.7", "ar"],
    ["fr, de;q=0.5", "en"],
    ["ar;q=0, en;q=0.1", "en"],
    ["ar;q=0", "en"],
    ["*", "en"],
    ["ar;q=1.0", "ar"],
    ["ar ; q = 0.7 , en;q=0.6", "ar"],
    ["en;q=0.5, ar;q=0.5", "en"],
    ["ar-Arab-AE", "ar"],
    ["", "en"],
    [";;;,,,==", "en"],
    ["ar;q=2", "en"],
    ["ar;q=abc, en;q=0.1", "en"],
    ["ar;level=1", "en"],
    ["arabic", "en"],
    ["ar_AE", "en"],
    ["\u0639\u0631\u0628\u064a", "en"],
    ["en, ar", "en"],
    ["ar, en", "ar"],
  ])("%j reads as %s", (header, expected) => {
    expect(acceptedLanguage(header)).toBe(expected);
  });

  it("reads a missing header as the default, and a huge one only as far as its first ranges", () => {
    expect(acceptedLanguage(null)).toBe("en");
    expect(acceptedLanguage(`ar,${"x-y;q=0.1,".repeat(10_000)}`)).toBe("ar");
    expect(acceptedLanguage(`${"x-y;q=0.1,".repeat(10_000)}ar`)).toBe("en");
    // A range cut short at the bound is not read as Arabic.
    expect(acceptedLanguage(`${"a".repeat(1022)},arz`)).toBe("en");
    expect(acceptedLanguage("ar".repeat(100_000))).toBe("en");
  });
});

describe("first view in the browser's language", () => {
  it("renders an Arabic phone's first view in Arabic, without a cookie and without setting one", async () => {
    const res = await get(page(), accepting("ar-AE,ar;q=0.9,en;q=0.8"));
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie") ?? "").not.toMatch(/lang=/);
    expect(res.headers.get("vary")).toMatch(/Accept-Language/);
    expect(res.headers.get("vary")).toMatch(/Cookie/);
    expect(await htmlLang(res)).toBe("ar");
  });

  it("gives each phone its own cached copy of the same URL, whichever comes first", async () => {
    for (const first of ["ar", "en-US,ar;q=0.5"]) {
      const url = page();
      await (await get(url, accepting(first))).text();
      const arHit = await get(url, accepting("ar;q=0.9,en;q=0.8"));
      const enHit = await get(url, accepting("en-US,ar;q=0.5"));
      const plain = await get(url);
      // Whichever rendered first, the other language renders its own copy; both are then kept.
      expect(await htmlLang(arHit), first).toBe("ar");
      expect(await htmlLang(enHit), first).toBe("en");
      expect(await htmlLang(plain), first).toBe("en");
      const arAgain = await get(url, accepting("ar-AE"));
      const enAgain = await get(url, accepting("en"));
      expect(isPageHit(arAgain), first).toBe(true);
      expect(isPageHit(enAgain), first).toBe(true);
      expect(await htmlLang(arAgain), first).toBe("ar");
      expect(await htmlLang(enAgain), first).toBe("en");
    }
  });

  it("lets the language cookie win over the header, in the page and in the key", async () => {
    const english = (await get("http://localhost/saffron/1?lng=en")).headers.get("set-cookie")!.split(";")[0]!;
    const arabic = (await get("http://localhost/saffron/1?lng=ar")).headers.get("set-cookie")!.split(";")[0]!;
    const url = page();
    expect(await htmlLang(await get(url, accepting("ar", english)))).toBe("en");
    expect(await htmlLang(await get(url, accepting("en", arabic)))).toBe("ar");
    // The Arabic header with an English cookie shares the English copy, and the other way round.
    const enHit = await get(url, accepting("en"));
    expect(isPageHit(enHit)).toBe(true);
    expect(await htmlLang(enHit)).toBe("en");
    const arHit = await get(url, accepting("ar"));
    expect(isPageHit(arHit)).toBe(true);
    expect(await htmlLang(arHit)).toBe("ar");
  });

  it("reads malformed, repeated and huge headers one way in the page and the key, and the cache holds", async () => {
    const shapes: [init: RequestInit, lang: string][] = [
      [accepting("garbage;;q=="), "en"],
      [accepting("ar".repeat(50_000)), "en"],
      [accepting(`ar,${"zz;q=0.1,".repeat(2_000)}`), "ar"],
      [
        {
          headers: [
            ["accept-language", "fr"],
            ["accept-language", "ar;q=0.5"],
          ],
        },
        "ar",
      ],
      [
        {
          headers: [
            ["accept-language", "en"],
            ["accept-language", "ar"],
          ],
        },
        "en",
      ],
      [accepting("ar", "lang=ar"), "ar"],
      [accepting("ar", "lang=junk; lang=junk2"), "ar"],
      [accepting("ar", `lang=${"x".repeat(3_000)}`), "ar"],
    ];
    for (const [init, lang] of shapes) {
      const url = page();
      const res = await get(url, init);
      expect(res.status).toBe(200);
      expect(await htmlLang(res), JSON.stringify(init)).toBe(lang);
      // A diner whose header reads the other way is never given that copy.
      const other = await get(url, accepting(lang === "ar" ? "en" : "ar"));
      expect(await htmlLang(other), JSON.stringify(init)).toBe(lang === "ar" ? "en" : "ar");
      const same = await get(url, accepting(lang));
      expect(await htmlLang(same), JSON.stringify(init)).toBe(lang);
    }
  });

  it("makes the key from the same reading as the page: one key per language, however the header says it", async () => {
    const keyOf = async (headers: HeadersInit) => {
      const request = new Request("http://localhost/saffron/1", { headers });
      return (await pageCacheKey(request, env, pageVariant(await readPageCookies(request, env))))!;
    };
    const arabic = await keyOf({ "accept-language": "ar" });
    const english = await keyOf({});
    expect(arabic).not.toBe(english);
    for (const header of ["ar-AE", "ar;q=0.9,en;q=0.8", "fr,ar;q=0.1"]) expect(await keyOf({ "accept-language": header }), header).toBe(arabic);
    for (const header of ["en-US,ar;q=0.5", "garbage", "fr", "ar;q=0", "ar".repeat(5_000)])
      expect(await keyOf({ "accept-language": header }), header).toBe(english);
  });

  it("serves the marketing pages in the header's language too, varying on it", async () => {
    const res = await get("http://localhost/contact", accepting("ar-SA,ar;q=0.9"));
    expect(res.headers.get("content-language")).toBe("ar");
    expect(res.headers.get("vary")).toMatch(/Accept-Language/);
    expect(await htmlLang(res)).toBe("ar");
  });
});

describe("diner page titles", () => {
  const titleOf = async (path: string, lang: "en" | "ar") => {
    const res = await get(`http://localhost${path}${path.includes("?") ? "&" : "?"}lng=${lang}`);
    expect(res.status, path).toBe(200);
    return /<title>([^<]*)<\/title>/.exec(await res.text())?.[1];
  };

  it.each([
    ["/saffron", "Saffron Café", "مقهى زعفران"],
    ["/saffron/1", "Dubai Marina · Saffron Café", "دبي مارينا · مقهى زعفران"],
    ["/saffron/1/1", "Breakfast · Saffron Café", "الفطور · مقهى زعفران"],
    ["/saffron/1/offers", "Offers · Saffron Café", "العروض · مقهى زعفران"],
    ["/saffron/1/1/1", "Saffron Shakshuka · Saffron Café", "شكشوكة بالزعفران · مقهى زعفران"],
    ["/saffron/1/search?q=egg", "Search the menu · Saffron Café", null],
    ["/saffron/1/cart", "Cart · Saffron Café", null],
    ["/saffron/1/orders", "Orders · Saffron Café", null],
    ["/table/3/saffron/1/1/1", "Saffron Shakshuka · Saffron Café", "شكشوكة بالزعفران · مقهى زعفران"],
    ["/table/3/saffron/1/1", "Breakfast · Saffron Café", "الفطور · مقهى زعفران"],
  ])("%s is titled by what it shows and the restaurant's name, never the slug", async (path, en, ar) => {
    expect(await titleOf(path, "en")).toBe(en);
    const arabic = await titleOf(path, "ar");
    if (ar) expect(arabic).toBe(ar);
    expect(arabic).toMatch(/(^| · )مقهى زعفران$/);
    expect(arabic).not.toMatch(/SAFFRON|saffron/i);
  });

  it("titles a restaurant's own hostname by its name too", async () => {
    for (const [lang, name] of [
      ["en", "Grill House"],
      ["ar", "بيت المشاوي"],
    ] as const) {
      const html = await (await get(`http://menu.grillhouse.test/?lng=${lang}`)).text();
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(name);
    }
  });
});
