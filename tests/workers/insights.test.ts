// What diners look at (/console/insights; worker/console/insights.ts): the visit tally's flush
// fills the hourly buckets with the restaurant's own items only, the reads keep to the 7- or 30-day
// window, count hours of day and days in the branch's time zone, and the screen is for managers and
// owners of the branch's own restaurant (staff 403, another restaurant's branch 404, bad query 400).
import { createExecutionContext, runDurableObjectAlarm, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { insightsOf } from "../../worker/console/insights";
import type { Role } from "../../worker/rules/roles";
import { KEEP_HOURS, unixHour } from "../../worker/rules/visit-hours";
import { restaurantObject } from "../../worker/restaurant/stub";
import { visitTallyFor } from "../../worker/edge/visit-tally";
import worker from "../../worker/index";
import { catalogueRow, catalogueRun, GRILL_ID } from "./catalogue";
import { seedMember } from "./console-members";
import { ordersOf, SAFFRON_ID } from "./restaurant-rows";

const SAFFRON = SAFFRON_ID;
const GRILL = GRILL_ID;
const tally = () => visitTallyFor(env, "embedded", "saffron");

/** One diner's page view through the whole worker, its background count included. */
async function view(path: string, ip: string) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://localhost${path}`, { headers: { "cf-connecting-ip": ip } }), env, ctx);
  await res.text();
  await waitOnExecutionContext(ctx);
  return res;
}
const net = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** A bucket of saffron's (its branches 1 and 2). */
const bucket = (kind: string, id: number, hour: number) =>
  catalogueRow<{ branch_id: number; visits: number }>(
    SAFFRON,
    "SELECT branch_id, visits FROM visit_hours WHERE kind = ? AND item_id = ? AND hour = ?",
    kind,
    id,
    hour,
  );
const numVisit = async (table: string, id: number, restaurant = SAFFRON) =>
  (await catalogueRow<{ n: number }>(restaurant, `SELECT num_visit AS n FROM ${table} WHERE id = ?`, id))!.n;
/** Files a bucket in saffron's catalogue (its branch 1 or 2). */
const put = (kind: string, id: number, hour: number, branch: number, visits: number) =>
  catalogueRun(SAFFRON, "INSERT INTO visit_hours (kind, item_id, hour, branch_id, visits) VALUES (?, ?, ?, ?, ?)", kind, id, hour, branch, visits);
/** A product of the grill house (restaurant 2, branch 3). */
const grillProduct = async () =>
  (await catalogueRow<{ id: number }>(GRILL, "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id WHERE c.menu_id = 11 LIMIT 1"))!.id;

describe("the tally's flush fills the hourly buckets", () => {
  it("adds the counted visits to the hour they were counted in, with num_visit in the same batch", async () => {
    await runDurableObjectAlarm(tally()); // nothing left over
    const hour = unixHour(Date.now());
    const before = { b: (await bucket("b", 1, hour))?.visits ?? 0, m: (await bucket("m", 1, hour))?.visits ?? 0, p: (await bucket("p", 1, hour))?.visits ?? 0 };
    const totals = { b: await numVisit("branches", 1), p: await numVisit("products", 1) };
    const ips = Array.from({ length: 50 }, (_, i) => `${net()}.${i}`);
    const answers = await Promise.all(ips.map((ip) => view("/saffron/1/1/1", ip))); // a dish's page counts the branch and the dish
    expect(answers.every((res) => res.status === 200)).toBe(true);
    expect(await runDurableObjectAlarm(tally())).toBe(true);
    // The hour now or the next one, should the test have crossed it.
    const after = async (kind: string, id: number) => ((await bucket(kind, id, hour))?.visits ?? 0) + ((await bucket(kind, id, hour + 1))?.visits ?? 0);
    expect(await after("b", 1)).toBe(before.b + 50);
    expect(await after("p", 1)).toBe(before.p + 50);
    expect((await bucket("p", 1, hour))?.branch_id).toBe(1);
    expect(await numVisit("branches", 1)).toBe(totals.b + 50);
    expect(await numVisit("products", 1)).toBe(totals.p + 50);
    // A second flush adds to the same bucket (upsert), never a second row; a menu's page counts the menu.
    await Promise.all(ips.slice(0, 5).map((ip) => view("/saffron/1/1", ip)));
    await runDurableObjectAlarm(tally());
    const rows = await catalogueRow<{ n: number }>(
      SAFFRON,
      "SELECT count(*) AS n FROM visit_hours WHERE kind = 'b' AND item_id = 1 AND hour IN (?, ?)",
      hour,
      hour + 1,
    );
    expect(await after("b", 1)).toBe(before.b + 55);
    expect(await after("m", 1)).toBe(before.m + 5);
    expect(rows!.n).toBeLessThanOrEqual(2);
  }, 30_000); // the first render of the pages is slow

  it("never files another restaurant's items under this one", async () => {
    await runDurableObjectAlarm(tally());
    const foreign = await grillProduct();
    const before = await numVisit("products", foreign, GRILL);
    // The saffron tally asked to count the grill house's branch, menu and dish (a forged key).
    await tally().countMany("saffron", [{ address: `addr:${net()}.1`, items: ["b:3", "m:11", `p:${foreign}`, "b:1"] }], true);
    await runDurableObjectAlarm(tally());
    // Neither restaurant's buckets hold them.
    for (const restaurant of [SAFFRON, GRILL]) {
      const foreignRows = await catalogueRow<{ n: number }>(
        restaurant,
        "SELECT count(*) AS n FROM visit_hours WHERE (kind = 'b' AND item_id = 3) OR (kind = 'm' AND item_id = 11) OR (kind = 'p' AND item_id = ?) OR branch_id = 3",
        foreign,
      );
      expect(foreignRows!.n, `restaurant ${restaurant}`).toBe(0);
    }
    expect(await numVisit("products", foreign, GRILL)).toBe(before);
  });
});

describe("retention", () => {
  it("the restaurant's alarm deletes buckets past KEEP_HOURS and keeps the rest", async () => {
    // The edge an hour on from now, so the bucket at it is still inside retention when the alarm runs.
    const edge = unixHour(Date.now()) - KEEP_HOURS + 1;
    await put("m", 1, edge - 2, 1, 4);
    await put("m", 1, edge, 1, 5);
    expect(await runDurableObjectAlarm(restaurantObject(env, { id: SAFFRON_ID }))).toBe(true);
    expect(await bucket("m", 1, edge - 2)).toBeNull();
    expect((await bucket("m", 1, edge))?.visits).toBe(5);
  });
});

describe("the reads", () => {
  // A fixed moment: 2026-03-15 12:00 UTC (16:00 in Dubai). Branch 2 holds these tests' data.
  const NOW = Date.UTC(2026, 2, 15, 12);
  const H = unixHour(NOW);
  const day = (d: number, h: number) => unixHour(Date.UTC(2026, 2, d, h));

  let dish = 0;
  beforeAll(async () => {
    dish = (await catalogueRow<{ id: number }>(SAFFRON, "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id WHERE c.menu_id = 6 LIMIT 1"))!
      .id;
    await put("m", 6, H - 2, 2, 5); // Breakfast, today
    await put("m", 7, H - 1, 2, 3); // Coffee & Tea, today
    await put("m", 8, day(1, 12), 2, 50); // Mains, 14 days ago: only in the 30-day window
    await put("p", dish, day(1, 12), 2, 40);
    await put("p", dish, H - 3, 2, 2);
    const foreign = await grillProduct();
    await put("p", foreign, H - 3, 2, 99); // a corrupt bucket naming another restaurant's dish
    await put("b", 2, day(14, 20), 2, 7); // 20:00 UTC on the 14th = 00:00 on the 15th in Dubai
    await put("b", 2, H + 5, 2, 1000); // after `now`: never read
    await put("m", 9, day(1, 12) - 24 * 30, 2, 1); // 44 days ago: in neither window
  });

  it("keeps to the window: 7 days leaves out what 30 days counts", async () => {
    const week = (await insightsOf(env, SAFFRON, 2, 7, NOW))!;
    expect(week.menus.map((m) => [m.name_en, m.visits])).toEqual([
      ["Breakfast", 5],
      ["Coffee & Tea", 3],
    ]);
    expect(week.dishes.map((d) => [d.id, d.visits])).toEqual([[dish, 2]]);
    const month = (await insightsOf(env, SAFFRON, 2, 30, NOW))!;
    expect(month.menus.map((m) => [m.name_en, m.visits])).toEqual([
      ["Mains", 50],
      ["Breakfast", 5],
      ["Coffee & Tea", 3],
    ]);
    expect(month.dishes.map((d) => [d.id, d.visits])).toEqual([[dish, 42]]);
    expect(month.orders).toHaveLength(30);
    expect(week.orders).toHaveLength(7);
    expect(week.orders.at(-1)!.day).toBe("2026-03-15");
  });

  it("counts hours of day in the branch's time zone", async () => {
    const dubai = (await insightsOf(env, SAFFRON, 2, 7, NOW))!;
    expect(dubai.timeZone).toBe("Asia/Dubai");
    expect(dubai.hours[0]).toBe(7);
    expect(dubai.hours.reduce((a, b) => a + b, 0)).toBe(7); // the bucket after `now` is not read
    await catalogueRun(SAFFRON, "UPDATE branches SET time_zone = 'UTC' WHERE id = 2");
    try {
      const utc = (await insightsOf(env, SAFFRON, 2, 7, NOW))!;
      expect(utc.hours[20]).toBe(7);
      expect(utc.hours[0]).toBe(0);
    } finally {
      await catalogueRun(SAFFRON, "UPDATE branches SET time_zone = 'Asia/Dubai' WHERE id = 2");
    }
  });

  it("counts orders per local day, cancelled ones left out, in the window only", async () => {
    const order = (created: string, status = 0, restaurant = SAFFRON, branch = 2) =>
      ordersOf(restaurant)
        .prepare(
          "INSERT INTO orders (restaurant_id, branch_id, num_order, name, phone, table_id, total_minor, currency, status, created_at) VALUES (?, ?, 1, 'D', '+971500000001', 2, 1000, 'AED', ?, ?)",
        )
        .bind(restaurant, branch, status, created)
        .run();
    await order("2026-03-14 20:30:00"); // 00:30 on the 15th in Dubai
    await order("2026-03-15 09:00:00");
    await order("2026-03-15 10:00:00", 3); // cancelled
    await order("2026-03-14 19:30:00"); // 23:30 on the 14th in Dubai
    await order("2026-03-05 10:00:00"); // 10 days ago: 30-day window only
    await order("2026-03-15 12:30:00"); // after `now`
    const week = (await insightsOf(env, SAFFRON, 2, 7, NOW))!;
    expect(Object.fromEntries(week.orders.filter((o) => o.orders).map((o) => [o.day, o.orders]))).toEqual({ "2026-03-14": 1, "2026-03-15": 2 });
    const month = (await insightsOf(env, SAFFRON, 2, 30, NOW))!;
    expect(month.orders.find((o) => o.day === "2026-03-05")!.orders).toBe(1);
    // Another restaurant's branch reads as none.
    expect(await insightsOf(env, GRILL, 2, 7, NOW)).toBeNull();
  });

  it("adds up the paid orders' revenue and average ticket in minor units: unpaid SMS-code, unpaid online and cancelled left out", async () => {
    const order = (price: number, payment: "otp" | "online", paid: number, status = 0) =>
      ordersOf(SAFFRON)
        .prepare(
          "INSERT INTO orders (restaurant_id, branch_id, num_order, name, phone, table_id, total_minor, currency, status, payment, paid, created_at) VALUES (1, 2, 1, 'D', '+971500000001', 2, ?, 'AED', ?, ?, ?, '2026-03-15 08:00:00')",
        )
        .bind(Math.round(price * 100), status, payment, paid)
        .run();
    // The previous test's orders by SMS code: on the board, but nobody marked them paid, so no revenue.
    const before = (await insightsOf(env, SAFFRON, 2, 7, NOW))!.sales;
    expect(before).toEqual({ orders: 0, revenue: 0, averageTicket: 0, currency: "AED" });
    await order(12.35, "otp", 1); // marked paid at the counter
    await order(4, "otp", 0); // by SMS code, not marked paid
    await order(7.2, "online", 1); // paid online
    await order(50, "online", 0); // an abandoned online attempt
    await order(99, "online", 1, 3); // paid, then cancelled
    const week = (await insightsOf(env, SAFFRON, 2, 7, NOW))!;
    expect(week.sales).toEqual({ orders: 2, revenue: 1955, averageTicket: 978, currency: "AED" });
    expect(week.orders.find((o) => o.day === "2026-03-15")!.orders).toBe(5);
  });
});

describe("the screen", () => {
  const member = async (restaurantId: number, role: Role, branchIds: number[] = []) => (await seedMember(restaurantId, role, branchIds)).cookie;
  const site = (path: string, cookie: string) => exports.default.fetch(`http://localhost${path}`, { redirect: "manual", headers: { cookie } });
  const cast: Record<string, string> = {};
  beforeAll(async () => {
    cast.owner = await member(SAFFRON, "owner");
    cast.manager = await member(SAFFRON, "manager");
    cast.staff = await member(SAFFRON, "staff", [1]);
    cast.grill = await member(GRILL, "owner");
    await put("p", 1, unixHour(Date.now()) - 1, 1, 3);
  });

  it("shows owners and managers their branch's dishes; staff get 403 and no nav item", async () => {
    for (const who of ["owner", "manager"]) {
      const res = await site("/console/insights?days=30&branch=1", cast[who]!);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("no-store");
      const html = await res.text();
      for (const stat of ["orders", "revenue", "average"]) expect(html).toContain(`data-testid="insights-total-${stat}"`);
      expect(html).toMatch(/data-testid="insights-total-revenue"><bdi>\d+\.\d\d AED<\/bdi>/);
      expect(html).toContain('data-testid="insights-dishes"');
      expect(html).toContain("Saffron Shakshuka");
      expect(html).toContain('data-testid="nav-insights"');
    }
    const staff = await site("/console/insights", cast.staff!);
    expect(staff.status).toBe(403);
    const staffHome = await (await site("/console", cast.staff!)).text();
    expect(staffHome).not.toContain('data-testid="nav-insights"');
  });

  it("refuses a bad query with 400 and another restaurant's branch with 404", async () => {
    for (const query of ["days=14", "days=abc", "branch=0", "branch=1x", "days=7&branch=-1"]) {
      expect((await site(`/console/insights?${query}`, cast.owner!)).status, query).toBe(400);
    }
    expect((await site("/console/insights?branch=3", cast.owner!)).status).toBe(404);
    expect((await site("/console/insights?branch=999999", cast.owner!)).status).toBe(404);
    const grill = await (await site("/console/insights?days=30", cast.grill!)).text();
    expect(grill).toContain("Al Barsha");
    expect(grill).not.toContain("Saffron Shakshuka");
    expect(grill).not.toContain("Dubai Marina");
  });

  it("sends someone without a session to sign in", async () => {
    const res = await site("/console/insights?days=7", "");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/console/sign-in?next=%2Fconsole%2Finsights%3Fdays%3D7");
  });
});
