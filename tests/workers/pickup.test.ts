// Pickup orders (docs/decisions/0055) through the embedded API, the board and the cart: "asap" stored
// as now plus the branch's preparation time, a chosen quarter hour stored as asked, a time in the
// past, sooner than the kitchen can make, outside the hours or unreadable refused (422 on pickup_at),
// a branch without pickup 409 pickup_off; the board says "Pickup HH:MM", orders them by their time
// and warns when one is due; the cart offers the times only away from a table.
import { env, exports } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bumpTenantVersion } from "../../worker/directory/versions";
import { pickupSlots } from "../../worker/rules/pickup";
import { catalogueRow, catalogueRun, plainDish } from "./catalogue";
import { seedMember } from "./console-members";
import { apiCaller, dinerToken, json } from "./helpers";
import { SAFFRON_ID } from "./restaurant-rows";

const call = apiCaller(83);
const DUBAI = "Asia/Dubai";
const hhmm = (at: number) => new Intl.DateTimeFormat("en-GB", { timeZone: DUBAI, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
let dish: number;
let token: string;
let hoursBefore: string | null;

const store = (pickup_at: unknown) =>
  call(
    "/storeOrder",
    { domain: "saffron", branch_id: 1, items: JSON.stringify([{ product_id: dish, amount: 1 }]), ...(pickup_at === undefined ? {} : { pickup_at }) },
    { authorization: `Bearer ${token}` },
  );
const storedPickup = async (id: number) =>
  (await catalogueRow<{ pickup_at: number | null }>(SAFFRON_ID, "SELECT pickup_at FROM orders WHERE id = ?", id))!.pickup_at;

beforeAll(async () => {
  hoursBefore = (await catalogueRow<{ opening_hours: string | null }>(SAFFRON_ID, "SELECT opening_hours FROM branches WHERE id = 1"))!.opening_hours;
  // Open from an hour ago to four hours from now (Dubai), so ordering is open whenever this runs.
  const now = Date.now();
  const hours = { weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: hhmm(now - 3600_000), closes: hhmm(now + 4 * 3600_000) })), exceptions: [] };
  await catalogueRun(
    SAFFRON_ID,
    "UPDATE branches SET pickup = CASE id WHEN 1 THEN 1 ELSE 0 END, prep_minutes = 20, opening_hours = CASE id WHEN 1 THEN ? ELSE opening_hours END",
    JSON.stringify(hours),
  );
  await bumpTenantVersion(env, "saffron");
  dish = await plainDish(SAFFRON_ID, 1);
  token = await dinerToken(call, "+971501238001");
});

afterAll(async () => {
  await catalogueRun(SAFFRON_ID, "UPDATE branches SET pickup = 0, opening_hours = CASE id WHEN 1 THEN ? ELSE opening_hours END", hoursBefore);
  await bumpTenantVersion(env, "saffron");
});

describe("a pickup order through the API", () => {
  it("stores 'asap' as now plus the preparation time, and a chosen quarter hour as asked", async () => {
    const before = Date.now();
    const asap = await json(await store("asap"));
    const at = await storedPickup(asap.data.order_id);
    expect(at).toBeGreaterThanOrEqual(before + 20 * 60_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 21 * 60_000);
    const slot = pickupSlots(
      JSON.parse((await catalogueRow<{ opening_hours: string }>(SAFFRON_ID, "SELECT opening_hours FROM branches WHERE id = 1"))!.opening_hours),
      DUBAI,
      Date.now(),
      20,
    )[2]!;
    const chosen = await json(await store(String(slot)));
    expect(await storedPickup(chosen.data.order_id)).toBe(slot);
    // The diner's orders carry it; an order without one is no pickup order.
    const plain = await json(await store(undefined));
    expect(await storedPickup(plain.data.order_id)).toBeNull();
    const listed = await json(await call("/getOrder", { domain: "saffron", phoneCustomer: "+971501238001", all: 1 }, { authorization: `Bearer ${token}` }));
    const byId = new Map(listed.data.map((o: { id: number; pickup_at: number | null }) => [o.id, o.pickup_at]));
    expect(byId.get(chosen.data.order_id)).toBe(slot);
    expect(byId.get(plain.data.order_id)).toBeNull();
  });

  it("refuses the past, too soon, a closed hour, more than a day ahead and an unreadable time (422 on pickup_at), storing nothing", async () => {
    const now = Date.now();
    const cases: [unknown, string][] = [
      [now - 60_000, "past"],
      [now + 5 * 60_000, "tooSoon"],
      [now + 6 * 3600_000, "closed"],
      [now + 3 * 86_400_000, "tooFar"],
      ["soon", "pickup_at"],
      [-5, "pickup_at"],
    ];
    const count = async () => (await catalogueRow<{ n: number }>(SAFFRON_ID, "SELECT count(*) AS n FROM orders"))!.n;
    const before = await count();
    for (const [value, code] of cases) {
      const res = await store(value);
      expect(res.status, String(value)).toBe(422);
      const errors = (await json(res)).errors;
      expect(Object.keys(errors), String(value)).toEqual(["pickup_at"]);
      if (code !== "pickup_at") expect(errors.pickup_at).toEqual([code]);
    }
    expect(await count()).toBe(before);
  });

  it("takes a card payment's pickup time too (orderPayment), stored on its order", async () => {
    await catalogueRun(SAFFRON_ID, "UPDATE branches SET payment_mode = 'both' WHERE id = 1");
    const pay = (pickup_at: unknown) =>
      call("/orderPayment", {
        domain: "saffron",
        branch_id: 1,
        items: JSON.stringify([{ product_id: dish, amount: 1 }]),
        nameCustomer: "Huda",
        phoneCustomer: "0501238003",
        success_url: "http://localhost/saffron/1/orders",
        cancel_url: "http://localhost/saffron/1/cart",
        pickup_at,
      });
    const started = await pay("asap");
    expect(started.status).toBe(200);
    expect(await storedPickup((await json(started)).data.order_id)).toBeGreaterThan(Date.now() + 19 * 60_000);
    const late = await pay(Date.now() - 60_000);
    expect(late.status).toBe(422);
    expect((await json(late)).errors).toEqual({ pickup_at: ["past"] });
  });

  it("answers 409 pickup_off where the branch takes no pickup orders, before anything else is looked at", async () => {
    const other = await dinerToken(call, "+971501238002", 2);
    const stored = await call(
      "/storeOrder",
      { domain: "saffron", branch_id: 2, items: JSON.stringify([{ product_id: dish, amount: 1 }]), pickup_at: "asap" },
      { authorization: `Bearer ${other}` },
    );
    // Branch 2's own catalogue may not hold the dish: the pickup switch is asked first.
    expect(stored.status).toBe(409);
    expect((await json(stored)).errorCode).toBe("pickup_off");
  });
});

describe("pickup orders on the board and in the cart", () => {
  it("says 'Pickup HH:MM', orders them by their time and warns when one is due", async () => {
    const now = Date.now();
    const slots = pickupSlots(
      JSON.parse((await catalogueRow<{ opening_hours: string }>(SAFFRON_ID, "SELECT opening_hours FROM branches WHERE id = 1"))!.opening_hours),
      DUBAI,
      now,
      20,
    );
    const later = (await json(await store(String(slots[4]!)))).data.order_id;
    const sooner = (await json(await store(String(slots[1]!)))).data.order_id;
    // One due in five minutes (written as if placed earlier: the API would call it too soon now).
    const due = (await json(await store(String(slots[0]!)))).data.order_id;
    await catalogueRun(SAFFRON_ID, "UPDATE orders SET pickup_at = ? WHERE id = ?", now + 5 * 60_000, due);
    const staff = (await seedMember(SAFFRON_ID, "staff", [1])).cookie;
    const html = await (await exports.default.fetch("http://localhost/console/orders?branch=1&lng=en", { headers: { cookie: staff } })).text();
    const at = (id: number) => html.indexOf(`data-order-id="${id}"`);
    expect(at(due)).toBeGreaterThan(0);
    expect(at(due)).toBeLessThan(at(sooner));
    expect(at(sooner)).toBeLessThan(at(later));
    expect(html).toContain(`Pickup ${hhmm(slots[1]!)}`);
    const dueCard = html.slice(at(due), at(sooner));
    expect(dueCard).toMatch(/Due in [45] min/);
    expect(html.slice(at(sooner), at(later))).not.toContain("pickup-due");
  });

  it("offers pickup times in the cart away from a table only", async () => {
    const page = async (path: string) => (await exports.default.fetch(`http://localhost${path}`, { headers: { "accept-language": "en" } })).text();
    expect(await page("/saffron/1/cart")).toContain("prepMinutes");
    expect(await page("/table/3/saffron/1/cart")).not.toContain("prepMinutes");
  });
});
