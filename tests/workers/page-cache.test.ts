// Rendered pages at the edge (worker/edge/page-cache.ts), through the whole worker inside workerd
// with the real Cache API and D1: what is kept, what is never kept, and what a hit still does.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pageVariant, readPageCookies } from "../../app/lib/page-headers";
import { compactManifest, findPage, pageCacheKey, storePage, type PageStore } from "../../worker/edge/page-cache";
import { purgeSignature } from "../../worker/edge/purge";
import { visitTallyFor } from "../../worker/edge/visit-tally";
import worker from "../../worker/index";
import { catalogueRow } from "./catalogue";
import { nextPurgeTimestamp } from "./helpers";
import { SAFFRON_ID } from "./restaurant-rows";

const get = (url: string, init?: RequestInit) => exports.default.fetch(url, init);
const timing = (res: Response) => res.headers.get("server-timing") ?? "";
const isPageHit = (res: Response) => /^page;desc="HIT"/.test(timing(res));
// Answers are read in full, as browsers do: the stored copy is written as the body streams out.
const warm = async (url: string, init?: RequestInit) => void (await (await get(url, init)).text());
const nonceOfCsp = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];

async function purge(domain: string) {
  const timestamp = nextPurgeTimestamp();
  const res = await get(`http://localhost/_edge/purge/${domain}`, {
    method: "POST",
    headers: { "x-purge-timestamp": timestamp, "x-purge-signature": await purgeSignature("test-purge-secret", domain, timestamp) },
  });
  expect(res.status).toBe(200);
}

/** A saffron branch's visit count. */
const visitsOf = async (branchId: number) => (await catalogueRow<{ n: number }>(SAFFRON_ID, "SELECT num_visit AS n FROM branches WHERE id = ?", branchId))!.n;

describe("page cache", () => {
  it("serves a warm menu page without rendering, with this response's own nonce", async () => {
    await purge("saffron");
    const first = await get("http://localhost/saffron/1/1");
    expect(isPageHit(first)).toBe(false);
    const firstHtml = await first.text();
    const second = await get("http://localhost/saffron/1/1");
    expect(isPageHit(second)).toBe(true);
    const html = await second.text();
    const nonce = nonceOfCsp(second)!;
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(nonceOfCsp(first));
    // Every nonce attribute carries this response's nonce, and nothing else changed.
    const nonces = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
    expect([...nonces]).toEqual([nonce]);
    // (The rewriter writes void elements as `<link … />`; the markup is otherwise the render's.)
    const same = (text: string, n: string) => text.replaceAll(n, "N").replaceAll(" />", "/>");
    expect(same(html, nonce)).toBe(same(firstHtml, nonceOfCsp(first)!));
  });

  it("drops rendered pages on a purge", async () => {
    await warm("http://localhost/saffron/1");
    expect(isPageHit(await get("http://localhost/saffron/1"))).toBe(true);
    await purge("saffron");
    const after = await get("http://localhost/saffron/1");
    expect(isPageHit(after)).toBe(false);
    expect(timing(after)).toMatch(/getMenu;desc="MISS"/);
  });

  it("keeps one copy per language and never serves one language's page for another", async () => {
    const en = await (await get("http://localhost/saffron/1")).text();
    const ar = await get("http://localhost/saffron/1", { headers: { cookie: "lang=ar" } });
    // A hand-made "lang=ar" is not the encoded form the site writes: English, from its own entry.
    const arabic = await get("http://localhost/saffron/1?lng=ar");
    expect(arabic.headers.get("set-cookie")).toMatch(/^lang=/);
    const langCookie = arabic.headers.get("set-cookie")!.split(";")[0]!;
    await warm("http://localhost/saffron/1", { headers: { cookie: langCookie } });
    const arHit = await get("http://localhost/saffron/1", { headers: { cookie: langCookie } });
    expect(isPageHit(arHit)).toBe(true);
    expect(await arHit.text()).toContain('lang="ar"');
    expect(en).toContain('lang="en"');
    expect(await ar.text()).toContain('lang="en"');
    const enAgain = await get("http://localhost/saffron/1");
    expect(isPageHit(enAgain)).toBe(true);
    expect(await enAgain.text()).toContain('lang="en"');
  });

  it("never keeps an answer that sets a cookie, or a private one", async () => {
    for (let i = 0; i < 2; i++) {
      const chosen = await get("http://localhost/saffron/1/1?lng=ar");
      expect(chosen.headers.get("set-cookie")).toMatch(/^lang=/);
      expect(isPageHit(chosen)).toBe(false);
      const cart = await get("http://localhost/saffron/1/cart");
      expect(cart.headers.get("cache-control")).toBe("private, no-store");
      expect(isPageHit(cart)).toBe(false);
    }
  });

  it("shows the orders link only to diners with an order token, each from their own copy", async () => {
    const ordersLink = /href="\/saffron\/1\/orders"/;
    await warm("http://localhost/saffron/1/search");
    const plain = await get("http://localhost/saffron/1/search");
    expect(isPageHit(plain)).toBe(true);
    expect(await plain.text()).not.toMatch(ordersLink);
    // A token is only looked at for its presence here; the orders screen checks it.
    const withToken = { headers: { cookie: "tokenOrder1=some-token.0501234567" } };
    await warm("http://localhost/saffron/1/search", withToken);
    const ordered = await get("http://localhost/saffron/1/search", withToken);
    expect(isPageHit(ordered)).toBe(true);
    expect(await ordered.text()).toMatch(ordersLink);
  });

  it("renders the layout of the view cookie, each from its own copy; ?view= still wins", async () => {
    const url = `http://localhost/saffron/1/1?x=${crypto.randomUUID()}`;
    const layout = async (res: Response) => /data-view="(\w+)"/.exec(await res.text())?.[1];
    const list = { headers: { cookie: "view=list" } };
    // The chosen layout first: a plain request must not get its copy.
    expect(await layout(await get(url, list))).toBe("list");
    await warm(url, list);
    const listHit = await get(url, list);
    expect(isPageHit(listHit)).toBe(true);
    expect(await layout(listHit)).toBe("list");
    const plain = await get(url);
    expect(isPageHit(plain)).toBe(false);
    expect(await layout(plain)).toBe("grid2");
    // And back: the plain copy is there now, and neither the list diner nor a grid3 one gets it.
    expect(isPageHit(await get(url))).toBe(true);
    expect(await layout(await get(url, list))).toBe("list");
    expect(await layout(await get(url, { headers: { cookie: "view=grid3" } }))).toBe("grid3");
    // Junk, a repeat or padding is no choice (only the page's script writes this cookie).
    for (const cookie of ["view=tiles", "view=", "view=list; view=list", "view =list", "view=LIST"]) {
      expect(await layout(await get(url, { headers: { cookie } })), cookie).toBe("grid2");
    }
    // The URL's choice comes first.
    expect(await layout(await get(`${url}&view=grid1`, list))).toBe("grid1");
  });

  it("still counts a new diner's visit on a hit, once per hour", async () => {
    await warm("http://localhost/saffron/2");
    await new Promise((r) => setTimeout(r, 200)); // the render's own count
    await runDurableObjectAlarm(visitTallyFor(env, "embedded", "saffron"));
    const before = await visitsOf(2);
    const hit = await get("http://localhost/saffron/2");
    expect(isPageHit(hit)).toBe(true);
    const cookie = hit.headers.get("set-cookie");
    expect(cookie).toMatch(/^visits=b:2:\d{13}; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax$/);
    // The count runs after the answer (waitUntil) and reaches D1 with the tally's next flush.
    await expect.poll(async () => (await runDurableObjectAlarm(visitTallyFor(env, "embedded", "saffron")), visitsOf(2)), { timeout: 2_000 }).toBe(before + 1);
    const again = await get("http://localhost/saffron/2", { headers: { cookie: cookie!.split(";")[0]! } });
    expect(isPageHit(again)).toBe(true);
    expect(again.headers.get("set-cookie")).toBeNull();
    await new Promise((r) => setTimeout(r, 200));
    await runDurableObjectAlarm(visitTallyFor(env, "embedded", "saffron"));
    expect(await visitsOf(2)).toBe(before + 1);
  });

  it("sets the visits cookie once per answer, with every item the page counted", async () => {
    await purge("saffron");
    const res = await get("http://localhost/saffron/1/1");
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^visits=(?=.*b:1:)(?=.*m:1:)(?=.*c:\d+:)/);
  });
});

// Cookie headers shaped to be read one way by the render and another by the key (docs/decisions/0010): each
// page is checked in both directions, a crafted request never lands in another diner's copy and
// never gets one. Every page has its own URL, so no test sees another's entries.
describe("page cache and odd Cookie headers", () => {
  const ordersLink = /href="\/saffron\/1\/orders"/;
  const TOKEN = "tokenOrder1=some-token.0501234567";
  const page = () => `http://localhost/saffron/1?x=${crypto.randomUUID()}`;
  const withCookie = (cookie: string) => ({ headers: { cookie } });
  const htmlLang = async (res: Response) => /<html lang="(\w+)"/.exec(await res.text())?.[1];

  // The site's own cookies, as a browser would send them back.
  const firstPair = (res: Response) => res.headers.get("set-cookie")!.split(";")[0]!;
  const arabicCookie = async () => firstPair(await get("http://localhost/saffron/1?lng=ar"));
  const darkCookie = async () => {
    const res = await get("http://localhost/action/set-theme", {
      method: "POST",
      headers: { origin: "http://localhost", "content-type": "application/json" },
      body: JSON.stringify({ theme: "dark" }),
    });
    expect(res.status).toBe(200);
    return firstPair(res);
  };
  const valueOf = (pair: string) => pair.slice(pair.indexOf("=") + 1);

  /**
   * Headers with a cookie `name` under whitespace or repeated, each with whether React Router reads
   * `value` from it (first of a repeat wins; junk is no choice). (Whitespace at either end of the
   * whole header is dropped by fetch itself, so it sits between pairs here.)
   */
  const oddShapes = (name: string, value: string): [cookie: string, reads: boolean][] => [
    [`${name} =${value}`, true],
    [`${name}\t=${value}`, true],
    [`a=1;\t${name}=${value}`, true],
    [`a=1;  ${name}=${value}`, true],
    [`a=1; \t ${name} \t =${value}`, true],
    [`${name}= ${value}; a=1`, true],
    [`${name}=${value}\t; a=1`, true],
    [`${name}=${value}; ${name}=${value}`, true],
    [`${name}=junk; ${name}=${value}`, false],
    [`${name}=${value}; ${name}=junk`, true],
    [`${name}=${value}; ${name} =junk`, true],
    [`${name} =junk; ${name}=${value}`, false],
  ];

  it("an Arabic cookie under an odd name is rendered in Arabic, never stored for or served from the plain copy", async () => {
    const lang = await arabicCookie();
    for (const [cookie, reads] of oddShapes("lang", valueOf(lang))) {
      const expected = reads ? "ar" : "en";
      // Poisoning: the crafted request first, then a diner without cookies.
      const poisoned = page();
      const crafted = await get(poisoned, withCookie(cookie));
      expect(isPageHit(crafted), cookie).toBe(false);
      expect(await htmlLang(crafted), cookie).toBe(expected);
      await warm(poisoned, withCookie(cookie));
      const plain = await get(poisoned);
      expect(await htmlLang(plain), cookie).toBe("en");
      // Reaching: a plain copy is there first; the crafted request must not be answered from it.
      const shared = page();
      await warm(shared);
      expect(isPageHit(await get(shared))).toBe(true);
      const again = await get(shared, withCookie(cookie));
      expect(isPageHit(again), cookie).toBe(false);
      expect(await htmlLang(again), cookie).toBe(expected);
    }
  });

  it("a real Arabic cookie still has its own shared copy, and a malformed one reads as English", async () => {
    const lang = await arabicCookie();
    const url = page();
    await warm(url, withCookie(lang));
    const hit = await get(url, withCookie(lang));
    expect(isPageHit(hit)).toBe(true);
    expect(await htmlLang(hit)).toBe("ar");
    for (const cookie of [`${lang}x`, `${lang}%`, "lang=%E0%A4%A", "lang=ar", `lang="${valueOf(lang)}"`, "lang="]) {
      const res = await get(url, withCookie(cookie));
      expect(await htmlLang(res), cookie).toBe("en");
    }
    // The malformed ones were English pages, so the plain copy they share is English, and the
    // Arabic copy is untouched.
    expect(await htmlLang(await get(url))).toBe("en");
    expect(await htmlLang(await get(url, withCookie(lang)))).toBe("ar");
  });

  it("a malformed order token neither makes nor gets the copy real token holders share", async () => {
    for (const garbage of ["tokenOrder1=garbage", "tokenOrder1=", "tokenOrder1=some-token.05", "tokenOrder01=some-token.0501234567", `${TOKEN}x`]) {
      // Garbage first: its page has no orders link, and token holders must not get that page.
      const first = page();
      const bad = await get(first, withCookie(garbage));
      expect(await bad.text(), garbage).not.toMatch(ordersLink);
      await warm(first, withCookie(garbage));
      const holder = await get(first, withCookie(TOKEN));
      expect(await holder.text(), garbage).toMatch(ordersLink);
      // Token holders first: their page has the link, and the garbage request must not get it.
      const second = page();
      await warm(second, withCookie(TOKEN));
      expect(isPageHit(await get(second, withCookie(TOKEN)))).toBe(true);
      expect(await (await get(second, withCookie(garbage))).text(), garbage).not.toMatch(ordersLink);
      expect(await (await get(second)).text()).not.toMatch(ordersLink);
    }
  });

  it("an order token under an odd name is read as the render reads it and kept out of every shared copy", async () => {
    for (const [cookie, shows] of oddShapes("tokenOrder1", "some-token.0501234567")) {
      const poisoned = page();
      const crafted = await get(poisoned, withCookie(cookie));
      expect(isPageHit(crafted), cookie).toBe(false);
      expect(ordersLink.test(await crafted.text()), cookie).toBe(shows);
      await warm(poisoned, withCookie(cookie));
      expect(await (await get(poisoned)).text(), cookie).not.toMatch(ordersLink);
      expect(await (await get(poisoned, withCookie(TOKEN))).text(), cookie).toMatch(ordersLink);
      const shared = page();
      await warm(shared);
      await warm(shared, withCookie(TOKEN));
      const again = await get(shared, withCookie(cookie));
      expect(isPageHit(again), cookie).toBe(false);
      expect(ordersLink.test(await again.text()), cookie).toBe(shows);
    }
  });

  it("a theme cookie under an odd name never reaches the plain copy, and a forged one reads as none", async () => {
    const dark = await darkCookie();
    const isDark = async (res: Response) => /<html[^>]* class="dark"/.test(await res.text());
    const url = page();
    await warm(url, withCookie(dark));
    const hit = await get(url, withCookie(dark));
    expect(isPageHit(hit)).toBe(true);
    expect(await isDark(hit)).toBe(true);
    for (const [cookie] of oddShapes("theme", valueOf(dark))) {
      const poisoned = page();
      expect(isPageHit(await get(poisoned, withCookie(cookie))), cookie).toBe(false);
      await warm(poisoned, withCookie(cookie));
      expect(await isDark(await get(poisoned)), cookie).toBe(false);
    }
    // A forged signature is no theme: it renders as plain, and never gets the dark copy.
    // (The signature's first character: its last one may carry only base64's unused padding bits.)
    const forged = dark.replace(/\.(.)/, (_, first: string) => `.${first === "A" ? "B" : "A"}`);
    expect(forged).not.toBe(dark);
    expect(await isDark(await get(url, withCookie(forged)))).toBe(false);
  });

  it("keys pages by the restaurant API's source", async () => {
    const request = new Request("http://localhost/saffron/1");
    const variant = pageVariant(await readPageCookies(request, env));
    const embedded = await pageCacheKey(request, { UPSTREAM_URL: "" }, variant);
    const external = await pageCacheKey(request, { UPSTREAM_URL: "https://api.example/api" }, variant);
    const same = await pageCacheKey(request, { UPSTREAM_URL: " https://api.example/api/ " }, variant);
    expect(embedded).toMatch(/^https:\/\/page-cache\.internal\//);
    expect(embedded).not.toBe(external);
    expect(same).toBe(external);
  });

  it("never serves a page rendered from another restaurant API after UPSTREAM_URL changes", async () => {
    const url = page();
    await warm(url);
    expect(isPageHit(await get(url))).toBe(true);
    // The same worker with another source, which cannot be reached: no page of the embedded API's.
    const pending: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => void pending.push(p), passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const switched = { ...env, UPSTREAM_URL: "http://127.0.0.1:9/api", UPSTREAM_TIMEOUT_MS: "300" };
    const res = await worker.fetch(new Request(url), switched, ctx);
    await Promise.allSettled(pending);
    expect(isPageHit(res)).toBe(false);
    expect(timing(res)).toMatch(/render;dur=/);
    // Nor the embedded API's data (the data cache is keyed by source too): the unreachable one's friendly 503.
    expect(res.status).toBe(503);
    // And back: the embedded API's copy is still its own.
    expect(isPageHit(await get(url))).toBe(true);
  });
});

describe("the in-isolate copy", () => {
  it("is taken again from a Cache API hit once its window ends, so later hits skip the Cache API, never past the copy's freshness", async () => {
    const real = await caches.open("page-cache-memory");
    let matches = 0;
    const cache = { match: (key: string) => (matches++, real.match(key)), put: (key: string, res: Response) => real.put(key, res) } as unknown as Cache;
    const t0 = Date.now();
    const at = (ms: number): PageStore => ({ cache, now: t0 + ms, memoryMs: 5_000 });
    const key = `http://localhost/__page-memory/${crypto.randomUUID()}`;
    const page = new Response('<script nonce="N1">a</script><p>menu</p><script nonce="N1">b</script>', { headers: { "content-type": "text/html" } });
    await storePage(at(0), key, page, { versions: new Map([["saffron", "v1"]]), visits: new Set(["m:1"]), fresh: true, nonce: "N1" }, 12);
    const read = async (ms: number, nonce: string) => {
      const found = await findPage(at(ms), key, nonce);
      return found && (await found.response.text());
    };
    const body = (nonce: string) => `<script nonce="${nonce}">a</script><p>menu</p><script nonce="${nonce}">b</script>`;
    expect(await read(1_000, "N2")).toBe(body("N2"));
    expect(matches).toBe(0); // the render's copy
    expect(await read(6_000, "N3")).toBe(body("N3"));
    expect(matches).toBe(1); // its window ended: the Cache API, remembered again
    expect(await read(7_000, "N4")).toBe(body("N4"));
    expect(await read(10_500, "N5")).toBe(body("N5"));
    expect(matches).toBe(1);
    // Remembered from 11 s on, it would outlive the copy's 12 s: the window ends with the freshness.
    expect(await read(11_100, "N6")).toBe(body("N6"));
    expect(matches).toBe(2);
    expect(await read(11_900, "N7")).toBe(body("N7"));
    expect(matches).toBe(2);
    expect(await read(12_100, "N8")).toBe(body("N8"));
    expect(matches).toBe(3);
  });
});

describe("React Router's manifest", () => {
  it("reaches the page unindented, the same routes and modules", async () => {
    const html = await (await get("http://localhost/saffron/1/1")).text();
    const found = /window\.__reactRouterManifest = (\{.*?\});\n/.exec(html);
    expect(found).not.toBeNull();
    const manifest = JSON.parse(found![1]!) as { entry: { module: string }; routes: Record<string, { module: string }> };
    expect(found![1]).toBe(JSON.stringify(manifest));
    expect(Object.keys(manifest.routes)).toEqual(expect.arrayContaining(["root", "branch", "product-list"]));
    expect(html).toContain(`import(${JSON.stringify(manifest.entry.module)})`);
  });

  it("leaves a script alone when its manifest is missing or does not parse", () => {
    const odd = 'import * as route0 from "/a.js";\n  window.__reactRouterManifest = {"entry": oops};\n  window.x = 1;';
    expect(compactManifest(odd)).toBe(odd);
    expect(compactManifest("console.log(1);")).toBe("console.log(1);");
    expect(compactManifest('  window.__reactRouterManifest = {\n  "a": [\n    1\n  ]\n};\n  window.y = 2;')).toBe(
      '  window.__reactRouterManifest = {"a":[1]};\n  window.y = 2;',
    );
  });
});
