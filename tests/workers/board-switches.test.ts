// The board's switches (docs/decisions/0021): a dish sold out for today (back at the branch's local midnight,
// injected clocks) or until turned back on, and a branch's pause on new orders — through the console's
// action with real sessions, the embedded API's answers, pricing and the cron's expiry.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../worker/rules/roles";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { setPause, setSoldOut } from "../../worker/console/switches";
import { UNTIL_RESUMED } from "../../worker/rules/availability";
import { nextLocalMidnight } from "../../worker/rules/local-time";
import { restaurantCall } from "../../worker/restaurant/stub";
import { restaurantObject } from "../../worker/restaurant/stub";
import { expireSwitches } from "../../worker/restaurant/switch-clock";
import { catalogueOf, catalogueRow, catalogueRun, GRILL_ID } from "./catalogue";
import { seedMember } from "./console-members";
import { versionInKv } from "./helpers";

const SAFFRON = { id: 1, domain: "saffron" };
const member = async (restaurantId: number, role: Role, branchIds: number[] = []) => (await seedMember(restaurantId, role, branchIds)).cookie;
const post = (cookie: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  exports.default.fetch("http://localhost/console/switches", {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(fields),
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", ...headers },
  });
const dishOf = (restaurantId: number, branchId: number) =>
  catalogueRow<{ id: number }>(
    restaurantId,
    "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = ? AND p.hidden = 0 AND p.unavailable = 0 ORDER BY p.id LIMIT 1",
    branchId,
  ).then((r) => r!.id);
const dishRow = (id: number, restaurantId = SAFFRON.id) =>
  catalogueRow<{ unavailable: number; sold_out_until: number | null }>(restaurantId, "SELECT unavailable, sold_out_until FROM products WHERE id = ?", id);
const apiProduct = async (id: number) =>
  (
    (await (
      await exports.default.fetch(`http://localhost/api/getProductById/${id}&0`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"domain":"saffron"}',
      })
    ).json()) as { data: { unavailable: boolean } }
  ).data;
/** The diner's product page, through the edge caches (page and catalogue) as a phone gets it. */
const dinerPage = async (id: number) => {
  const menu = (await catalogueRow<{ menu_id: number }>(
    SAFFRON.id,
    "SELECT c.menu_id FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = ?",
    id,
  ))!.menu_id;
  return (await exports.default.fetch(`http://localhost/saffron/1/${menu}/${id}`)).text();
};

let staff: string;
let owner: string;
let grillOwner: string;
let marina: number;
let corniche: number;
let grill: number;
beforeAll(async () => {
  staff = await member(1, "staff", [1]);
  owner = await member(1, "owner");
  grillOwner = await member(2, "owner");
  [marina, corniche, grill] = await Promise.all([dishOf(SAFFRON.id, 1), dishOf(SAFFRON.id, 2), dishOf(GRILL_ID, 3)]);
});

describe("the branch's local midnight", () => {
  it("is the next 00:00 in the branch's zone", () => {
    // 23:30 in Dubai (UTC+4) on 24 November: midnight is half an hour later.
    expect(nextLocalMidnight(Date.parse("2026-11-24T19:30:00Z"), "Asia/Dubai")).toBe(Date.parse("2026-11-24T20:00:00Z"));
    // 00:10 in Dubai is already the new day: the next midnight is a day away.
    expect(nextLocalMidnight(Date.parse("2026-11-24T20:10:00Z"), "Asia/Dubai")).toBe(Date.parse("2026-11-25T20:00:00Z"));
  });

  it("follows daylight saving", () => {
    // New York springs forward on 8 March 2026: that midnight is still EST (-5), the next one EDT (-4).
    expect(nextLocalMidnight(Date.parse("2026-03-07T17:00:00Z"), "America/New_York")).toBe(Date.parse("2026-03-08T05:00:00Z"));
    expect(nextLocalMidnight(Date.parse("2026-03-08T17:00:00Z"), "America/New_York")).toBe(Date.parse("2026-03-09T04:00:00Z"));
  });
});

describe("sold out", () => {
  it("for today: refused by pricing until the branch's midnight, then orderable; the restaurant's alarm clears it then and purges", async () => {
    const now = Date.now();
    const midnight = nextLocalMidnight(now, "Asia/Dubai");
    expect(await setSoldOut(env, SAFFRON, 1, marina, "today", now)).toEqual({ product_id: marina, mode: "today", until: midnight });
    const line = [{ product_id: marina, amount: 1, sub_option_id: [], note: null }];
    expect(
      await restaurantCall(env, { id: 1 }, "priceItems", { id: 1, time_zone: "Asia/Dubai", currency: "AED", country: "AE" }, line, midnight - 1),
    ).toMatchObject({
      ok: false,
      errors: { "items.0.product_id": ["unavailable"] },
    });
    expect(
      await restaurantCall(env, { id: 1 }, "priceItems", { id: 1, time_zone: "Asia/Dubai", currency: "AED", country: "AE" }, line, midnight),
    ).toMatchObject({ ok: true });

    // The object wakes at the switch's end (no cron scans every restaurant), and clears only what has ended.
    const object = restaurantObject(env, SAFFRON);
    expect(await runInDurableObject(object, (_o, state) => state.storage.getAlarm())).toBe(midnight);
    expect(await runInDurableObject(object, (_o, state) => expireSwitches(state.storage.sql, midnight - 1))).toBe(false);
    expect((await dishRow(marina))!.sold_out_until).toBe(midnight);
    // Midnight has come: the alarm clears it and the restaurant's cached pages miss.
    const before = await versionInKv("saffron");
    await catalogueRun(SAFFRON.id, "UPDATE products SET sold_out_until = ? WHERE id = ?", Date.now() - 1, marina);
    await runDurableObjectAlarm(object);
    expect(await dishRow(marina)).toEqual({ unavailable: 0, sold_out_until: null });
    expect(await versionInKv("saffron")).not.toBe(before);
  });

  it("from the board: diners' answers and cached pages show it at once, and back on", async () => {
    expect((await apiProduct(marina)).unavailable).toBe(false);
    expect(await dinerPage(marina)).not.toContain(">Unavailable<");
    expect(await dinerPage(marina)).not.toContain(">Unavailable<"); // now from the caches
    const res = await post(staff, { intent: "sold-out", branch: "1", product_id: String(marina), mode: "today" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect((await apiProduct(marina)).unavailable).toBe(true);
    expect(await dinerPage(marina)).toContain(">Unavailable<");
    expect(await post(staff, { intent: "sold-out", branch: "1", product_id: String(marina), mode: "manual" })).toHaveProperty("status", 200);
    expect(await dishRow(marina)).toEqual({ unavailable: 1, sold_out_until: null });
    expect(await post(staff, { intent: "sold-out", branch: "1", product_id: String(marina), mode: "off" })).toHaveProperty("status", 200);
    expect(await dishRow(marina)).toEqual({ unavailable: 0, sold_out_until: null });
    expect((await apiProduct(marina)).unavailable).toBe(false);
  }, 30_000);

  it("is refused outside the member's branches and restaurant, and for bad input", async () => {
    // Staff of branch 1 at branch 2 of the same restaurant: 403.
    const refused = await post(staff, { intent: "sold-out", branch: "2", product_id: String(corniche), mode: "today" });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("cache-control")).toContain("no-store");
    // Branch 1's form naming branch 2's dish: not a dish of that branch.
    expect((await post(staff, { intent: "sold-out", branch: "1", product_id: String(corniche), mode: "today" })).status).toBe(404);
    // Another restaurant's branch and dish: as if they did not exist.
    expect((await post(owner, { intent: "sold-out", branch: "3", product_id: String(grill), mode: "today" })).status).toBe(404);
    expect((await post(grillOwner, { intent: "sold-out", branch: "3", product_id: String(marina), mode: "today" })).status).toBe(404);
    for (const fields of [
      { intent: "sold-out", branch: "1", product_id: String(marina), mode: "forever" },
      { intent: "sold-out", branch: "x", product_id: "1", mode: "today" },
      { intent: "melt" },
      {},
    ]) {
      const res = await post(staff, fields as Record<string, string>);
      expect(res.status).toBe(422);
      expect(await res.json()).toHaveProperty("error");
    }
    // No session: to sign in, nothing changed.
    expect((await post("", { intent: "sold-out", branch: "1", product_id: String(marina), mode: "manual" })).status).toBe(302);
    expect(await dishRow(corniche)).toEqual({ unavailable: 0, sold_out_until: null });
    expect(await dishRow(grill, GRILL_ID)).toEqual({ unavailable: 0, sold_out_until: null });
    expect(await dishRow(marina)).toEqual({ unavailable: 0, sold_out_until: null });
  });

  it("a form posted without the page's script goes back to the board", async () => {
    const res = await post(
      owner,
      { intent: "sold-out", branch: "2", product_id: String(corniche), mode: "today", back: "/console/orders?branch=2" },
      { "sec-fetch-mode": "navigate" },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/console/orders?branch=2");
    const offsite = await post(
      owner,
      { intent: "sold-out", branch: "2", product_id: String(corniche), mode: "off", back: "//evil.example/" },
      { "sec-fetch-mode": "navigate" },
    );
    expect(offsite.headers.get("location")).toBe("/console/orders");
  });

  it("dish search lists the branch's dishes only, sold out first, and bounds the query", async () => {
    await setSoldOut(env, SAFFRON, 1, marina, "manual");
    const res = await exports.default.fetch("http://localhost/console/switches?branch=1&q=", { headers: { cookie: staff } });
    expect(res.status).toBe(200);
    const { dishes } = (await res.json()) as { dishes: { id: number; unavailable: number }[] };
    // The seed's own unavailable dish and this one come before every available dish.
    const firstAvailable = dishes.findIndex((d) => d.unavailable === 0);
    expect(dishes.slice(0, firstAvailable).map((d) => d.id)).toContain(marina);
    expect(dishes.slice(firstAvailable).every((d) => d.unavailable === 0)).toBe(true);
    expect(dishes.some((d) => d.id === corniche || d.id === grill)).toBe(false);
    expect((await exports.default.fetch(`http://localhost/console/switches?branch=1&q=${"x".repeat(61)}`, { headers: { cookie: staff } })).status).toBe(400);
    expect((await exports.default.fetch("http://localhost/console/switches?branch=3", { headers: { cookie: staff } })).status).toBe(404);
    await setSoldOut(env, SAFFRON, 1, marina, "off");
  });
});

describe("pause ordering", () => {
  const pausedUntil = () =>
    catalogueRow<{ paused_until: number | null }>(SAFFRON.id, "SELECT paused_until FROM branches WHERE id = 1").then((r) => r!.paused_until);

  it("a timed pause ends by itself; until resumed waits for resume", async () => {
    const now = Date.now();
    const object = restaurantObject(env, SAFFRON);
    const expire = (at: number) => runInDurableObject(object, (_o, state) => expireSwitches(state.storage.sql, at));
    expect(await setPause(env, SAFFRON, 1, 30, now)).toEqual({ branch_id: 1, paused_until: now + 30 * 60_000 });
    expect(await runInDurableObject(object, (_o, state) => state.storage.getAlarm())).toBeLessThanOrEqual(now + 30 * 60_000);
    expect(await expire(now + 30 * 60_000 - 1)).toBe(false);
    expect(await expire(now + 30 * 60_000)).toBe(true);
    expect(await pausedUntil()).toBeNull();
    await setPause(env, SAFFRON, 1, "manual", now);
    expect(await pausedUntil()).toBe(UNTIL_RESUMED);
    expect(await expire(Date.parse("2099-01-01T00:00:00Z"))).toBe(false);
    await setPause(env, SAFFRON, 1, "resume", now);
    expect(await pausedUntil()).toBeNull();
    // Another restaurant's branch is not paused from here.
    expect(await setPause(env, SAFFRON, 3, "manual", now)).toBeNull();
  });

  it("the embedded API refuses new orders with a clear 409 while paused, and takes them after", async () => {
    expect((await post(staff, { intent: "pause", branch: "1", mode: "15" })).status).toBe(200);
    const until = await pausedUntil();
    expect(until! - Date.now()).toBeGreaterThan(14 * 60_000);
    const res = await exports.default.fetch("http://localhost/api/orderPayment", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        domain: "saffron",
        branch_id: 1,
        items: [{ product_id: marina, amount: 1, sub_option_id: [] }],
        nameCustomer: "Sara",
        phoneCustomer: "0501234567",
        table_id: 1,
        note: "",
        lang: "en",
        success_url: "http://localhost/saffron/1/orders?paid={CHECKOUT_SESSION_ID}",
        cancel_url: "http://localhost/saffron/1/cart",
      }),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ errorCode: "paused", message: "Ordering is paused at this branch.", data: { paused_until: until } });
    expect((await post(staff, { intent: "pause", branch: "1", mode: "resume" })).status).toBe(200);
    expect(await pausedUntil()).toBeNull();
    for (const mode of ["45", "0", "forever", ""]) expect((await post(staff, { intent: "pause", branch: "1", mode })).status).toBe(422);
    expect((await post(staff, { intent: "pause", branch: "2", mode: "15" })).status).toBe(403);
    expect((await post(grillOwner, { intent: "pause", branch: "1", mode: "15" })).status).toBe(404);
  });

  it("the diner's branch answer carries the pause, and 50 taps at once leave one consistent state", async () => {
    const taps = await Promise.all(Array.from({ length: 50 }, (_, i) => post(staff, { intent: "pause", branch: "1", mode: i % 2 ? "manual" : "resume" })));
    expect(taps.every((r) => r.status === 200)).toBe(true);
    await post(staff, { intent: "pause", branch: "1", mode: "manual" });
    const menu = (await (
      await exports.default.fetch("http://localhost/api/getMenu", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"domain":"saffron","branch_id":1,"visit":0}',
      })
    ).json()) as { data: { branch: { paused_until: number | null } } };
    expect(menu.data.branch.paused_until).toBe(UNTIL_RESUMED);
    await post(staff, { intent: "pause", branch: "1", mode: "resume" });
    expect(await pausedUntil()).toBeNull();
  });
});
