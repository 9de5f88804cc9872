// Sign-up inside workerd through the whole worker: the web address rule (one home, every static route
// reserved), the live check, the SMS code, everything made in one batch (a failure leaves nothing, a
// race for one address makes one restaurant), the new restaurant live at /{domain}, and UPSTREAM_URL.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sendConsoleCode } from "../../worker/console/codes";
import { RESERVED, slugProblem } from "../../worker/rules/reserved";
import { SITE_PATHS } from "../../worker/rules/site-paths";
import { createRestaurant } from "../../worker/console/signup";
import worker from "../../worker/index";
// The route table as text (workerd has no file system): its static first segments must all be reserved.
import routesSource from "../../app/routes.ts?raw";
// The static assets' paths (only their names are used).
const publicFiles = import.meta.glob("../../public/**/*", { query: "?url", import: "default" });
import { addressTag } from "../../worker/rules/network-key";
import { catalogueRow } from "./catalogue";

const site = (path: string, init: RequestInit = {}, environment: Env = env) =>
  worker.fetch(new Request(`http://localhost${path}`, init), environment, createExecutionContext());

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(seq += 1)}`;
const phoneNo = () => `055${String(Date.now() % 1_000_000).padStart(6, "0")}${seq % 10}`.slice(0, 10);
const e164 = (local: string) => `+971${local.slice(1)}`;
const latestCode = async (phone: string) =>
  /(\d{6})/.exec((await env.DB.prepare("SELECT body FROM sms_outbox WHERE phone = ? ORDER BY id DESC").bind(phone).first<{ body: string }>())!.body)![1]!;

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const post = (fields: Record<string, string>, headers: Record<string, string> = {}, environment: Env = env) =>
  site(
    "/signup",
    {
      method: "POST",
      body: form(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": `198.51.100.${seq % 250}`, ...headers },
      redirect: "manual",
    },
    environment,
  );

async function codeFor(local: string) {
  seq += 1;
  const sent = await post({ intent: "send-code", phone: local, country: "AE" });
  expect(sent.status).toBe(200);
  return latestCode(e164(local));
}

const details = (domain: string, extra: Record<string, string> = {}) => ({
  intent: "create",
  name_en: "Falafel Corner",
  name_ar: "ركن الفلافل",
  domain,
  country: "AE",
  plan: "monthly",
  owner_name: "Huda",
  ...extra,
});

/** What exists for `domain`: its directory rows, then (when the directory knows it) its branches and menus in its catalogue. */
const counts = async (domain: string) => {
  const directory = (await env.DB.prepare(
    `SELECT (SELECT count(*) FROM restaurants WHERE domain = ?1) AS restaurants,
            (SELECT count(*) FROM members m JOIN restaurants r ON r.id = m.restaurant_id WHERE r.domain = ?1) AS members,
            (SELECT count(*) FROM subscriptions s JOIN restaurants r ON r.id = s.restaurant_id WHERE r.domain = ?1) AS subscriptions`,
  )
    .bind(domain)
    .first<Record<string, number>>())!;
  const restaurant = await env.DB.prepare("SELECT id FROM restaurants WHERE domain = ?").bind(domain).first<{ id: number }>();
  const catalogue = restaurant
    ? (await catalogueRow<Record<string, number>>(
        restaurant.id,
        `SELECT (SELECT count(*) FROM branches WHERE restaurant_id = ?1) AS branches,
              (SELECT count(*) FROM menus m JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?1) AS menus`,
        restaurant.id,
      ))!
    : { branches: 0, menus: 0 };
  return { ...directory, ...catalogue };
};

describe("the web address rule", () => {
  it("takes lower-case letters, digits and single hyphens, 3 to 40 characters", () => {
    for (const ok of ["abc", "falafel-corner", "cafe-24", "a1b", "x".repeat(40)]) expect(slugProblem(ok), ok).toBeNull();
    for (const bad of ["ab", "x".repeat(41), "Falafel", "falafel--corner", "-falafel", "falafel-", "fala fel", "café", "fala_fel", "", "a.b"])
      expect(slugProblem(bad), bad).toBe("invalid");
  });

  it("refuses reserved words", () => {
    for (const word of [
      "console",
      "api",
      "table",
      "signup",
      "webhooks",
      "contact",
      "about-us",
      "chat",
      "privacy-policy",
      "terms-of-service",
      "admin",
      "www",
      "menu",
    ]) {
      expect(slugProblem(word), word).toBe("reserved");
    }
  });

  it("reserves every static first segment of app/routes.ts", () => {
    // The top level of the default export (two spaces in), and the first segment of each path there.
    const top = routesSource.slice(routesSource.indexOf("export default ["));
    const segments = new Set([...top.matchAll(/^ {2}route\("([^"]+)"/gm)].map((m) => m[1]!.split("/")[0]!).filter((s) => !/^[:*]/.test(s)));
    // The file really was read: its known pages are among them.
    expect([...segments]).toEqual(expect.arrayContaining(["contact", "console", "signup", "table", "action", "robots.txt"]));
    // A site path, so neither the router nor the diner's pending skeleton takes it for a restaurant's.
    for (const segment of segments) expect(SITE_PATHS.has(segment), segment).toBe(true);
    for (const word of SITE_PATHS) expect(RESERVED.has(word), word).toBe(true);
  });

  it("reserves every top-level name of the static assets and Cloudflare's cdn-cgi", () => {
    const names = new Set(Object.keys(publicFiles).map((path) => path.replace("../../public/", "").split("/")[0]!.toLowerCase()));
    expect([...names]).toEqual(expect.arrayContaining(["sounds", "storage", "favicon.svg"]));
    // Files are served by their full name; only a name that could be a slug can collide.
    for (const name of [...names, "cdn-cgi"].filter((n) => /^[a-z0-9-]+$/.test(n))) expect(slugProblem(name), name).toBe("reserved");
  });
});

describe("GET /signup/check", () => {
  const check = async (domain: string) =>
    (await (await site(`/signup/check?domain=${encodeURIComponent(domain)}`)).json()) as { available: boolean; reason?: string };
  it("says whether an address is free, taken, reserved or invalid, never cached", async () => {
    expect(await check(unique("free"))).toEqual({ available: true });
    // Not available: a free address near it, when the words make one.
    expect(await check("saffron")).toEqual({ available: false, reason: "taken", suggestion: "saffron-2" });
    expect(await check("console")).toEqual({ available: false, reason: "reserved", suggestion: "console-2" });
    expect(await check("Bad--Name")).toEqual({ available: false, reason: "invalid", suggestion: "bad-name" });
    expect(await check("!!")).toEqual({ available: false, reason: "invalid" });
    expect(await check("x".repeat(500))).toEqual({ available: false, reason: "invalid" });
    expect((await site("/signup/check?domain=abc")).headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("POST /signup", { timeout: 60_000 }, () => {
  it("creates the restaurant, one branch, an empty menu, its owner and an incomplete subscription, signs in and goes to billing", async () => {
    const local = phoneNo();
    const code = await codeFor(local);
    const domain = unique("falafel");
    const res = await post({ ...details(domain), phone: local, code });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://localhost/console/billing/demo");
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => /^console=[\w-]{43};.*HttpOnly/.test(c))).toBe(true);
    expect(cookies.some((c) => c.startsWith("consoleRestaurant="))).toBe(true);
    expect(await counts(domain)).toEqual({ restaurants: 1, branches: 1, menus: 1, members: 1, subscriptions: 1 });
    const { id, ...directory } = (await env.DB.prepare(
      `SELECT r.id, r.is_active, r.country, m.role, p.phone, p.name, s.status, s.plan, s.provider FROM restaurants r
       JOIN members m ON m.restaurant_id = r.id JOIN people p ON p.id = m.person_id
       JOIN subscriptions s ON s.restaurant_id = r.id WHERE r.domain = ?`,
    )
      .bind(domain)
      .first<{ id: number }>())!;
    const branch = await catalogueRow(id, "SELECT active_order, payment_mode FROM branches WHERE restaurant_id = ?", id);
    const row = { ...directory, ...branch };
    // A draft (docs/decisions/0037): live only once its trial starts.
    expect(row).toEqual({
      is_active: 2,
      country: "AE",
      active_order: 1,
      payment_mode: "otp",
      role: "owner",
      phone: e164(local),
      name: "Huda",
      status: "incomplete",
      plan: "monthly",
      provider: "demo",
    });

    // The session works: the DEMO billing page starts the trial and the owner lands in the console.
    const cookie = cookies.map((c) => c.split(";")[0]).join("; ");
    const demo = await site("/console/billing/demo", { method: "POST", headers: { cookie }, redirect: "manual" });
    expect(demo.status).toBe(302);
    expect(demo.headers.get("location")).toBe("/console?billing=started");
    expect(
      await env.DB.prepare("SELECT s.status FROM subscriptions s JOIN restaurants r ON r.id = s.restaurant_id WHERE r.domain = ?").bind(domain).first("status"),
    ).toBe("trialing");

    // Live at /{domain} once the trial started: its page renders with its name.
    const page = await site(`/${domain}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Falafel Corner");
  });

  it("needs the right code, and refuses bad fields with 422, taken with 409, reserved with 422", async () => {
    const local = phoneNo();
    const domain = unique("nocode");
    expect((await post({ ...details(domain), phone: local })).status).toBe(422);
    expect((await post({ ...details(domain), phone: local, code: "123456" })).status).toBe(422);
    const code = await codeFor(local);
    expect((await post({ ...details(domain, { name_en: "" }), phone: local, code })).status).toBe(422);
    expect((await post({ ...details(domain, { plan: "weekly" }), phone: local, code })).status).toBe(422);
    expect((await post({ ...details(domain, { country: "ZZ" }), phone: local, code })).status).toBe(422);
    expect((await post({ ...details("console"), phone: local, code })).status).toBe(422);
    expect((await post({ ...details("Upper-Case"), phone: local, code })).status).toBe(422);
    expect((await post({ ...details("saffron"), phone: local, code })).status).toBe(409);
    expect((await post({ ...details(domain), phone: "12", code })).status).toBe(422);
    expect((await post({ intent: "nonsense" })).status).toBe(400);
    expect(await counts(domain)).toMatchObject({ restaurants: 0 });
    // The code was not spent by the refusals above (they stop before it is checked).
    expect((await post({ ...details(domain), phone: local, code })).status).toBe(302);
  });

  it("makes everything in one batch: a failing statement leaves nothing half-made", async () => {
    const domain = unique("half");
    // The owner's membership fails (no such person): the restaurant, branch and menu before it roll back.
    await expect(
      createRestaurant(env, { domain, name_en: "Half", name_ar: "نصف", country: "AE", plan: "annual", provider: "demo", owner: { personId: 987_654_321 } }),
    ).rejects.toThrow();
    expect(await counts(domain)).toEqual({ restaurants: 0, branches: 0, menus: 0, members: 0, subscriptions: 0 });
  });

  it("50 concurrent sign-ups for one address make one restaurant; the rest are told it is taken", async () => {
    const domain = unique("race");
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        createRestaurant(env, {
          domain,
          name_en: `Race ${i}`,
          name_ar: "سباق",
          country: "AE",
          plan: "monthly",
          provider: "demo",
          owner: { phone: `+97155${String(1_000_000 + i * 7 + (seq % 5)).slice(-7)}`, name: `Racer ${i}` },
        }),
      ),
    );
    expect(results.filter((r) => r !== "taken")).toHaveLength(1);
    expect(await counts(domain)).toEqual({ restaurants: 1, branches: 1, menus: 1, members: 1, subscriptions: 1 });
  });

  it("50 concurrent POSTs for one address through the page: one 302, the others 409, never a 500", async () => {
    const domain = unique("page-race");
    const people = [];
    for (let i = 0; i < 50; i++) {
      seq += 1;
      const local = `056${String(1_000_000 + seq * 13 + i).slice(-7)}`;
      const sent = await sendConsoleCode(env, {
        phone: e164(local),
        purpose: "sign-up",
        network: addressTag(new Request("http://localhost/", { headers: { "cf-connecting-ip": `192.0.2.${i}` } })),
        lang: "en",
      });
      expect(sent.ok).toBe(true);
      people.push({ local, code: await latestCode(e164(local)) });
    }
    // Each from its own network (sign-ups are limited per network, tests/workers/drafts.test.ts).
    const answers = await Promise.all(
      people.map((p, i) => post({ ...details(domain), phone: p.local, code: p.code }, { "cf-connecting-ip": `203.0.113.${i + 1}` })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 302)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(await counts(domain)).toEqual({ restaurants: 1, branches: 1, menus: 1, members: 1, subscriptions: 1 });
  });

  it("lets a signed-in person sign up another restaurant without a new code; they own both", async () => {
    const local = phoneNo();
    const first = await post({ ...details(unique("first")), phone: local, code: await codeFor(local) });
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const second = unique("second");
    const page = await site("/signup", { headers: { cookie } });
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(await page.text()).toContain(e164(local));
    const res = await post(details(second, { owner_name: "" }), { cookie });
    expect(res.status).toBe(302);
    const owners = await env.DB.prepare("SELECT count(*) AS n FROM members m JOIN people p ON p.id = m.person_id WHERE p.phone = ? AND m.role = 'owner'")
      .bind(e164(local))
      .first("n");
    expect(owners).toBe(2);
  });

  it("with UPSTREAM_URL set, says the restaurant's own backend manages its data and creates nothing", async () => {
    const upstream = { ...env, UPSTREAM_URL: "https://backend.example.com/api" };
    const page = await site("/signup", {}, upstream);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("managed by the restaurant&#x27;s own backend");
    const domain = unique("upstream");
    expect((await post(details(domain), {}, upstream)).status).toBe(409);
    expect((await site("/signup/check?domain=abc", {}, upstream)).status).toBe(404);
    expect(await counts(domain)).toMatchObject({ restaurants: 0 });
  });

  it("refuses sign-up (503) when billing is half set up, and shows why on the page", async () => {
    const half = { ...env, STRIPE_PRICE_MONTHLY: "price_monthly" };
    const local = phoneNo();
    const code = await codeFor(local);
    const domain = unique("half-billing");
    expect((await post({ ...details(domain), phone: local, code }, {}, half)).status).toBe(503);
    expect(await (await site("/signup", {}, half)).text()).toContain("billing is not set up");
    expect(await counts(domain)).toMatchObject({ restaurants: 0 });
  });
});
