// Rendered pages at the edge (worker/edge/page-cache.ts), through the whole worker inside workerd
// with the real Cache API and D1: what is kept, what is never kept, and what a hit still does.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { purgeSignature } from "../../worker/edge/purge";
import { nextPurgeTimestamp } from "./helpers";

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

const visitsOf = async (branchId: number) =>
  (await env.DB.prepare("SELECT num_visit AS n FROM branches WHERE id = ?").bind(branchId).first<{ n: number }>())!.n;

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

  it("still counts a new diner's visit on a hit, once per hour", async () => {
    await warm("http://localhost/saffron/2");
    const before = await visitsOf(2);
    const hit = await get("http://localhost/saffron/2");
    expect(isPageHit(hit)).toBe(true);
    const cookie = hit.headers.get("set-cookie");
    expect(cookie).toMatch(/^visits=b:2:\d{13}; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax$/);
    // The count runs after the answer (waitUntil); give it a moment.
    await expect.poll(() => visitsOf(2), { timeout: 2_000 }).toBe(before + 1);
    const again = await get("http://localhost/saffron/2", { headers: { cookie: cookie!.split(";")[0]! } });
    expect(isPageHit(again)).toBe(true);
    expect(again.headers.get("set-cookie")).toBeNull();
    await new Promise((r) => setTimeout(r, 200));
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
