// The whole worker inside workerd: tenancy by path and by host, error pages, Server-Timing,
// security headers and the signed purge endpoint.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { purgeSignature } from "../../worker/edge/purge";
import { nextPurgeTimestamp } from "./helpers";

const get = (url: string, init?: RequestInit) => exports.default.fetch(url, init);
const timing = (res: Response) => res.headers.get("server-timing") ?? "";

let names: Record<string, string> = {};
beforeAll(async () => {
  const { results } = await env.DB.prepare("SELECT domain, name_en FROM restaurants").all<{ domain: string; name_en: string }>();
  names = Object.fromEntries(results.map((r) => [r.domain, r.name_en]));
});

async function purge(domain: string, secret = "test-purge-secret") {
  const timestamp = nextPurgeTimestamp();
  return get(`http://localhost/_edge/purge/${domain}`, {
    method: "POST",
    headers: { "x-purge-timestamp": timestamp, "x-purge-signature": await purgeSignature(secret, domain, timestamp) },
  });
}

describe("worker entry", () => {
  it("answers /healthz", async () => {
    const res = await get("http://localhost/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, app: "Menu" });
  });

  it("renders the saffron branch list, then serves it from the edge cache", async () => {
    await purge("saffron");
    const first = await get("http://localhost/saffron");
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain("<title>Saffron Café</title>");
    expect(html.toUpperCase()).toContain(names.saffron!.toUpperCase());
    expect(timing(first)).toMatch(/getBranch;desc="MISS"/);
    // The same page again comes rendered from the page cache; another query renders from cached data.
    const second = await get("http://localhost/saffron");
    expect(timing(second)).toBe(timing(second).match(/page;desc="HIT";dur=[\d.]+/)?.[0]);
    const third = await get("http://localhost/saffron?from=qr");
    expect(timing(third)).toMatch(/getBranch;desc="HIT"/);
  });

  it("serves the Arabic document right-to-left", async () => {
    const html = await (await get("http://localhost/saffron?lng=ar")).text();
    expect(html).toContain('lang="ar"');
    expect(html).toContain('dir="rtl"');
    expect(html).toContain("فروعنا");
  });

  it("serves table paths and refuses malformed ones", async () => {
    expect((await get("http://localhost/table/7/saffron")).status).toBe(200);
    expect((await get("http://localhost/table/abc/saffron")).status).toBe(404);
    expect((await get("http://localhost/Bad%20Domain!")).status).toBe(404);
  });

  it("shows the 404 page for an inactive or unknown restaurant", async () => {
    for (const domain of ["closed-bistro", "no-such-place"]) {
      const res = await get(`http://localhost/${domain}`);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain("404 - Page Not Found");
      expect(html).toContain("It might have been eaten!");
    }
  });

  it("sets a nonce CSP and security headers on pages", async () => {
    const res = await get("http://localhost/saffron");
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const html = await res.text();
    for (const [, value] of html.matchAll(/<script\b[^>]*?nonce="([^"]*)"/g)) expect(value).toBe(nonce);
    expect(html.match(/<script\b/g)?.length).toBe(html.match(/<script\b[^>]*nonce="/g)?.length);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("refuses cross-origin writes", async () => {
    const res = await get("http://localhost/action/set-language", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "lang=ar&returnTo=/saffron",
    });
    expect(res.status).toBe(403);
  });

  it("keeps the language action's redirect on this origin", async () => {
    const res = await get("http://localhost/action/set-language", {
      method: "POST",
      headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
      body: "lang=ar&returnTo=//evil.example/x",
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
    expect(res.headers.get("set-cookie")).toMatch(/^lang=/);
  });
});

describe("tenancy by host", () => {
  it("shows Grill House at / on its custom hostname", async () => {
    const res = await get("http://menu.grillhouse.test/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.toUpperCase()).toContain(names["grill-house"]!.toUpperCase());
    expect(html).not.toContain(names.saffron!);
  });

  it("answers 404 on the custom host for other restaurants' paths", async () => {
    expect((await get("http://menu.grillhouse.test/saffron")).status).toBe(404);
    expect((await get("http://menu.grillhouse.test/api/getBranch", { method: "POST" })).status).toBe(404);
  });

  it("refuses an unknown host before any cache lookup or upstream call", async () => {
    const res = await get("http://unknown.example/saffron");
    expect(res.status).toBe(404);
    expect(res.headers.get("server-timing")).toBeNull();
  });

  it("ignores a forged X-Forwarded-Host", async () => {
    const res = await get("http://menu.grillhouse.test/", { headers: { "x-forwarded-host": "localhost" } });
    expect(await res.text()).not.toContain(names.saffron!);
  });
});

describe("purge", () => {
  it("makes the next request for that restaurant miss, and only that restaurant", async () => {
    await get("http://localhost/saffron");
    await get("http://localhost/grill-house");
    expect(timing(await get("http://localhost/saffron"))).toContain('desc="HIT"');
    const res = await purge("saffron");
    expect(res.status).toBe(200);
    expect(timing(await get("http://localhost/saffron"))).toContain('desc="MISS"');
    expect(timing(await get("http://localhost/grill-house"))).toContain('desc="HIT"');
  });

  it("refuses a bad signature or a stale timestamp", async () => {
    expect((await purge("saffron", "wrong-secret")).status).toBe(401);
    const old = String(Date.now() - 3_600_000);
    const res = await get("http://localhost/_edge/purge/saffron", {
      method: "POST",
      headers: { "x-purge-timestamp": old, "x-purge-signature": await purgeSignature("test-purge-secret", "saffron", old) },
    });
    expect(res.status).toBe(401);
  });
});

describe("produced-by credit", () => {
  it("points at the provider's site on a restaurant's own hostname", async () => {
    expect(await (await get("http://menu.grillhouse.test/")).text()).toContain('href="https://menu.example.com/"');
    expect(await (await get("http://localhost/saffron")).text()).not.toContain('href="https://menu.example.com/"');
  });
});

describe("first paint", () => {
  it("requests no script before the pictures are painted: the scripts come inert, with the loader that turns them on", async () => {
    const res = await get("http://localhost/saffron/1/1");
    const html = await res.text();
    expect(html).not.toMatch(/rel="modulepreload"|type="module"/);
    expect([...html.matchAll(/<link[^>]*rel="x-modulepreload"[^>]*>/g)].length).toBeGreaterThan(3);
    // The loader follows the inert module script, with this response's nonce (the CSP has no 'unsafe-inline').
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    const loader = html.indexOf(`<script nonce="${nonce}">(() => {\ndocument.currentScript.remove();`);
    expect(loader).toBeGreaterThan(html.indexOf('type="x-module"'));
    expect(html.indexOf('type="x-module"')).toBeGreaterThan(0);
    // The first row of product pictures is what a phone paints largest.
    expect(html).toMatch(/<img[^>]*fetchPriority="high"|<img[^>]*fetchpriority="high"/);
  });

  it("asks low priority for the pictures after the first row, so the browser does not raise the visible ones to the first row's", async () => {
    for (const url of ["http://localhost/saffron/1", "http://localhost/saffron/1/1"]) {
      const priorities = [...(await (await get(url)).text()).matchAll(/<img[^>]*fetchPriority="(\w+)"/g)].map((m) => m[1]);
      expect(priorities.length, url).toBeGreaterThan(3);
      expect(priorities.filter((p) => p === "high").length, url).toBeGreaterThan(0);
      expect(priorities.indexOf("low"), url).toBe(priorities.lastIndexOf("high") + 1);
      expect(new Set(priorities), url).toEqual(new Set(["high", "low"]));
    }
  });

  it("sends a menu page's descriptions in its own language only (docs/decisions/0089)", async () => {
    const english = await (await get("http://localhost/saffron/1/1")).text();
    const arabic = await (await get("http://localhost/saffron/1/1?lng=ar")).text();
    // The demo's shakshuka, in each language: shown on its own page, not sent with the other.
    expect(english).toContain("Eggs poached in a spiced tomato");
    expect(english).not.toContain("بيض مطهو في صلصة الطماطم");
    expect(arabic).toContain("بيض مطهو في صلصة الطماطم");
    expect(arabic).not.toContain("Eggs poached in a spiced tomato");
  });

  it("preloads the Cairo files of the page's language only", async () => {
    const fonts = async (url: string) =>
      [...(await (await get(url)).text()).matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((m) => /cairo-[a-z-]+?-\d{3}-normal/.exec(m[1]!)?.[0]);
    expect(await fonts("http://localhost/saffron/1")).toEqual(["cairo-latin-400-normal", "cairo-latin-700-normal"]);
    expect(await fonts("http://localhost/saffron/1?lng=ar")).toEqual([
      "cairo-arabic-400-normal",
      "cairo-arabic-700-normal",
      "cairo-latin-400-normal",
      "cairo-latin-700-normal",
    ]);
  });
});
