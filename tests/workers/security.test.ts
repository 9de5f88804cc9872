// Security defaults: restaurant text is text, cookies are __Host-/Secure/HttpOnly on https,
// cross-origin writes are refused, redirects stay on this origin.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogueRun } from "./catalogue";

const get = (url: string, init?: RequestInit) => exports.default.fetch(url, init);

// Restaurant 90 in the directory, then its branch in its own catalogue.
beforeAll(async () => {
  await env.DB.prepare("INSERT OR REPLACE INTO restaurants (id, domain, name_en, name_ar, description_en, is_active) VALUES (90, 'xss-cafe', ?, ?, ?, 1)")
    .bind('<img src=x onerror="alert(1)">Café', "<script>alert(2)</script>", "</p><script>alert(3)</script>")
    .run();
  await catalogueRun(
    90,
    "INSERT OR REPLACE INTO branches (id, restaurant_id, name_en, name_ar, description_en, active_order) VALUES (90, 90, ?, 'فرع', ?, 1)",
    "<b>Bold</b> branch",
    "line one\n<script>alert(4)</script>",
  );
});

describe("security defaults", () => {
  it("renders restaurant text with HTML or script as text", async () => {
    for (const path of ["/xss-cafe", "/xss-cafe/90", "/xss-cafe?lng=ar"]) {
      const html = await (await get(`http://localhost${path}`)).text();
      expect(html).not.toMatch(/<script>alert\(\d\)<\/script>/);
      expect(html).not.toContain('<img src=x onerror="alert(1)">');
      expect(html).not.toContain("<b>Bold</b>");
    }
    expect(await (await get("http://localhost/xss-cafe")).text()).toContain("&lt;b&gt;Bold&lt;/b&gt; branch");
  });

  it("sets __Host-, Secure, HttpOnly, SameSite cookies on https", async () => {
    const res = await get("https://localhost/action/set-language", {
      method: "POST",
      headers: { origin: "https://localhost", "content-type": "application/x-www-form-urlencoded" },
      body: "lang=ar&returnTo=/saffron",
      redirect: "manual",
    });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^__Host-lang=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
    const visit = await get("https://localhost/saffron/1");
    expect(visit.headers.get("set-cookie")).toMatch(/^__Host-visits=.*; HttpOnly; SameSite=Lax; Secure$/);
  });

  it.each(["/action/set-language", "/action/set-theme", "/saffron/1/cart", "/api/sendOtp"])("refuses a cross-origin POST to %s", async (path) => {
    const res = await get(`http://localhost${path}`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "lang=ar",
    });
    expect([400, 403]).toContain(res.status);
  });

  it("keeps every redirect on this origin", async () => {
    for (const returnTo of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const res = await get("http://localhost/action/set-language", {
        method: "POST",
        headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ lang: "en", returnTo }),
        redirect: "manual",
      });
      expect(res.headers.get("location")).toBe("/");
    }
  });
});
