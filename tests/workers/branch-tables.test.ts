// A branch's own number of tables (docs/decisions/0062; the object's schema 16): set by its owner or
// manager in the branch's settings (422 beside the field for 0, 10000, "abc"), it bounds calls from a
// table (422 on table_id, none stored under 50 concurrent calls from the table above it), table orders
// (422) and the diner's table pages (a 404 that says so); unset, tables 1 to 9999 stay. The catalogue
// carries it, the codes screen starts from it, and the restaurant's data file keeps it.
import { env, exports } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bumpTenantVersion } from "../../worker/directory/versions";
import type { RestaurantDump } from "../../worker/restaurant/dump";
import { catalogueRow, catalogueRows, catalogueRun, plainDish } from "./catalogue";
import { seedMember } from "./console-members";
import { apiCaller, dinerToken, json } from "./helpers";
import { SAFFRON_ID } from "./restaurant-rows";

const call = apiCaller(37);
let dish: number;
let hoursBefore: string | null;

/** Sets branch 1's number of tables (null: not set) as the console would, the diner's copies purged. */
async function setTables(tables: number | null) {
  await catalogueRun(SAFFRON_ID, "UPDATE branches SET tables = ? WHERE id = 1", tables);
  await bumpTenantVersion(env, "saffron");
}
const serviceCall = (table: number, address = "10.37.9.1") =>
  call("/service/call", { domain: "saffron", branch_id: 1, table_id: table, kind: "waiter" }, { "cf-connecting-ip": address });
const callsAt = (table: number) => catalogueRows(SAFFRON_ID, "SELECT id FROM service_calls WHERE branch_id = 1 AND table_id = ?", table);
const page = (path: string, init: RequestInit = {}) =>
  exports.default.fetch(`http://localhost${path}`, { redirect: "manual", ...init, headers: { "accept-language": "en", ...init.headers } });

beforeAll(async () => {
  hoursBefore = (await catalogueRow<{ opening_hours: string | null }>(SAFFRON_ID, "SELECT opening_hours FROM branches WHERE id = 1"))!.opening_hours;
  // Always open and taking calls, whenever this runs.
  await catalogueRun(SAFFRON_ID, "UPDATE branches SET service_calls = 1, opening_hours = NULL WHERE id = 1");
  dish = await plainDish(SAFFRON_ID, 1);
});

afterAll(async () => {
  await catalogueRun(SAFFRON_ID, "UPDATE branches SET service_calls = 0, tables = NULL, opening_hours = ? WHERE id = 1", hoursBefore);
  await bumpTenantVersion(env, "saffron");
});

describe("a branch with 12 tables", { timeout: 30_000 }, () => {
  beforeAll(() => setTables(12));

  it("is sent with the catalogue (an extra field of the branch)", async () => {
    const menu = await json(await call("/getMenu", { domain: "saffron", branch_id: 1 }));
    expect(menu.data.branch.tables).toBe(12);
  });

  it("takes a call from table 12 and refuses table 13 with 422 on table_id and its tables in words", async () => {
    expect((await serviceCall(12)).status).toBe(200);
    const refused = await serviceCall(13);
    expect(refused.status).toBe(422);
    const body = await json(refused);
    expect(Object.keys(body.errors)).toEqual(["table_id"]);
    expect(body.message).toBe("This branch has tables 1 to 12.");
    expect(await callsAt(13)).toEqual([]);
    const list = await call("/service/calls", { domain: "saffron", branch_id: 1, table_id: 13 });
    expect(list.status).toBe(422);
    expect(Object.keys((await json(list)).errors)).toEqual(["table_id"]);
    expect((await call("/service/calls", { domain: "saffron", branch_id: 1, table_id: 12 })).status).toBe(200);
  });

  it("stores none of 50 concurrent calls from table 13 (each a 422), and the addresses keep their claims", async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => serviceCall(13, `10.37.1.${i + 1}`)));
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 50 }, () => 422));
    expect(await callsAt(13)).toEqual([]);
    // A refused call gave its address's claim back: the same address calls from a real table.
    expect((await serviceCall(5, "10.37.1.1")).status).toBe(200);
  });

  it("refuses table orders for table 13 (422 on table_id) and stores nothing; table 12 orders", async () => {
    const token = await dinerToken(call, "+971501237001");
    const items = JSON.stringify([{ product_id: dish, amount: 1 }]);
    const order = (table_id: number) => call("/storeOrder", { domain: "saffron", branch_id: 1, items, table_id }, { authorization: `Bearer ${token}` });
    const refused = await order(13);
    expect(refused.status).toBe(422);
    expect(Object.keys((await json(refused)).errors)).toEqual(["table_id"]);
    const paying = await call("/orderPayment", {
      domain: "saffron",
      branch_id: 1,
      items,
      table_id: 13,
      nameCustomer: "Omar",
      phoneCustomer: "0509876544",
      success_url: "http://localhost/saffron/1/orders",
      cancel_url: "http://localhost/saffron/1/cart",
    });
    expect(paying.status).toBe(422);
    expect(Object.keys((await json(paying)).errors)).toEqual(["table_id"]);
    expect(await catalogueRows(SAFFRON_ID, "SELECT id FROM orders WHERE table_id = 13")).toEqual([]);
    expect((await order(12)).status).toBe(200);
  });

  it("answers the diner's pages of table 13 with a 404 that says so, and table 12's as before", async () => {
    expect((await page("/table/12/saffron/1/service")).status).toBe(200);
    expect((await page("/table/12/saffron/1")).status).toBe(200);
    for (const path of ["/table/13/saffron/1/service", "/table/13/saffron/1", "/table/13/saffron/1/cart"]) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain("This branch has no table 13.");
    }
    const post = (path: string, fields: Record<string, string>) =>
      page(path, { method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect((await post("/table/13/saffron/1/service", { kind: "waiter" })).status).toBe(404);
    expect(await callsAt(13)).toEqual([]);
    // In Arabic too.
    const arabic = await page("/table/13/saffron/1/service", { headers: { "accept-language": "ar" } });
    expect(await arabic.text()).toContain("لا توجد في هذا الفرع طاولة رقم 13");
  });
});

describe("a branch whose number of tables is not set", { timeout: 30_000 }, () => {
  beforeAll(() => setTables(null));

  it("takes tables 1 to 9999 (calls, orders, pages) and refuses 10000", async () => {
    const menu = await json(await call("/getMenu", { domain: "saffron", branch_id: 1 }));
    expect(menu.data.branch.tables).toBeNull();
    expect((await serviceCall(9999)).status).toBe(200);
    expect((await serviceCall(10_000)).status).toBe(422);
    expect((await page("/table/9999/saffron/1/service")).status).toBe(200);
    expect((await page("/table/10000/saffron/1")).status).toBe(404);
    const token = await dinerToken(call, "+971501237002");
    const items = JSON.stringify([{ product_id: dish, amount: 1 }]);
    const order = (table_id: number) => call("/storeOrder", { domain: "saffron", branch_id: 1, items, table_id }, { authorization: `Bearer ${token}` });
    const refused = await order(10_000);
    expect(refused.status).toBe(422);
    expect(Object.keys((await json(refused)).errors)).toEqual(["table_id"]);
    expect((await order(2_147_483_647)).status).toBe(422);
    expect((await order(9999)).status).toBe(200);
  });
});

describe("the branch's settings and codes screens", { timeout: 30_000 }, () => {
  let owner: string, manager: string;
  beforeAll(async () => {
    owner = (await seedMember(SAFFRON_ID, "owner")).cookie;
    manager = (await seedMember(SAFFRON_ID, "manager")).cookie;
  });
  const tablesOf = async () => (await catalogueRow<{ tables: number | null }>(SAFFRON_ID, "SELECT tables FROM branches WHERE id = 1"))!.tables;
  /** The branch's form as stored (no hours: always open), with `tables` as given (absent: a form from before the field). */
  async function save(cookie: string, tables?: string) {
    const row = (await catalogueRow<Record<string, string | number | null>>(
      SAFFRON_ID,
      "SELECT name_en, name_ar, active_order, service_calls, pickup, prep_minutes, payment_mode, time_zone FROM branches WHERE id = 1",
    ))!;
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(row)) if (value !== 0 && value !== null) form.set(name, String(value));
    if (tables !== undefined) form.set("tables", tables);
    return page("/console/branches/1", { method: "POST", body: form, headers: { cookie, "content-type": "application/x-www-form-urlencoded" } });
  }

  it("sets it (owner or manager), refuses 0, 10000 and 'abc' with 422 beside the field and saves nothing, and empty unsets it", async () => {
    expect((await save(owner, "12")).status).toBe(200);
    expect(await tablesOf()).toBe(12);
    for (const bad of ["0", "10000", "abc", "-3", "1.5"]) {
      const res = await save(manager, bad);
      expect(res.status, bad).toBe(422);
      const html = await res.text();
      expect(html, bad).toContain("A whole number from 1 to 9999, or empty.");
      expect(html, bad).toContain(`value="${bad}"`);
      expect(await tablesOf(), bad).toBe(12);
    }
    // A form from before the field keeps it; an empty field unsets it.
    expect((await save(manager)).status).toBe(200);
    expect(await tablesOf()).toBe(12);
    expect((await save(manager, "")).status).toBe(200);
    expect(await tablesOf()).toBeNull();
    expect((await save(manager, "40")).status).toBe(200);
    expect(await tablesOf()).toBe(40);
  });

  it("starts the codes screen at the branch's tables ('Tables 1–40'), and refuses codes above them", async () => {
    await setTables(40);
    const html = await (await page("/console/branches/1/codes", { headers: { cookie: owner } })).text();
    expect(html).toContain("Tables 1–40.");
    expect(html).toMatch(/name="to"[^>]*value="40"/);
    expect(html).toContain("40 codes on the sheet");
    const above = await page("/console/branches/1/codes?from=1&to=41&per=6", { headers: { cookie: owner } });
    expect(above.status).toBe(400);
    expect(await above.text()).toContain("1 to 40");
    await setTables(null);
    const unset = await (await page("/console/branches/1/codes", { headers: { cookie: owner } })).text();
    expect(unset).toContain("The number of tables is not set: codes go up to table 9999.");
    expect(unset).toMatch(/name="to"[^>]*value="12"/);
  });
});

describe("the restaurant's data file", () => {
  it("carries the number of tables out and back in", async () => {
    await setTables(12);
    const stub = env.RESTAURANT.get(env.RESTAURANT.idFromName(`restaurant:${SAFFRON_ID}`));
    const file = (await stub.exportData(SAFFRON_ID)) as unknown as RestaurantDump;
    expect(file.tables.branches!.find((b) => b.id === 1)).toMatchObject({ tables: 12 });
    const fresh = env.RESTAURANT.get(env.RESTAURANT.newUniqueId());
    expect(await fresh.importData(file, { restaurant: SAFFRON_ID, allowOther: false })).toMatchObject({ ok: true });
    const back = (await fresh.exportData(SAFFRON_ID)) as unknown as RestaurantDump;
    expect(back.tables.branches!.find((b) => b.id === 1)).toMatchObject({ tables: 12 });
    expect(back.tables.branches).toEqual(file.tables.branches);
  });
});
