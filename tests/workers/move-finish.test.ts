// Finishing the move (POST /_edge/move/finish, docs/decisions/0050): D1's old tables and brand columns
// are dropped only once every restaurant with rows there has moved; 20 finishes at once drop them once;
// and afterwards the product runs on the objects and the directory alone: the diner's menu with its
// colours and logo, an old order, a new order by SMS code, a card payment, sign-up, the move again. The old tables are dropped in this file's own D1 (each test file has its own storage).
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import app from "../../worker/index";
import { apiApp } from "../../worker/contract/catalogue";
import { OLD_BRAND_COLUMNS, OLD_TABLES } from "../../worker/directory/old-tables";
import { moveUntilDone } from "../../scripts/move-loop";
import { catalogueRow, GRILL_ID } from "./catalogue";
import { apiCaller, dinerToken, json } from "./helpers";
import { restaurantRows, SAFFRON_ID } from "./restaurant-rows";

const ADMIN_SECRET = "test-admin-secret";
const call = apiCaller(47);

async function admin(path: string, body: unknown = {}, secret: string | null = ADMIN_SECRET) {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(secret ? { authorization: `Bearer ${secret}` } : {}) },
      body: JSON.stringify(body),
    }),
    { ...env, ADMIN_SECRET },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

const oldTablesLeft = async () =>
  (
    await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (SELECT value FROM json_each(?)) ORDER BY name")
      .bind(JSON.stringify(OLD_TABLES))
      .all<{ name: string }>()
  ).results.map((r) => r.name);
const brandColumnsLeft = async () =>
  (
    await env.DB.prepare("SELECT name FROM pragma_table_info('restaurants') WHERE name IN (SELECT value FROM json_each(?))")
      .bind(JSON.stringify(OLD_BRAND_COLUMNS))
      .all<{ name: string }>()
  ).results.map((r) => r.name);

describe("finishing the move: D1's old tables dropped", () => {
  let saffronBefore: { style: unknown; logo: unknown; menus: number[] };

  it("refuses while restaurants with old rows have not moved, naming them, and drops nothing", async () => {
    // An old order in D1, as a deploy of the old code left it.
    await env.DB.prepare(
      `INSERT INTO orders (id, restaurant_id, branch_id, num_order, name, phone, table_id, price, status, payment, paid, created_at, public_id)
       VALUES (7001, ?, 1, 7, 'Old diner', '+971501239999', 2, 30, 2, 'otp', 0, '2026-01-01 10:00:00', 'old-pub-7001')`,
    )
      .bind(SAFFRON_ID)
      .run();
    const res = await admin("/_edge/move/finish");
    expect(res.status).toBe(409);
    const body = await json(res);
    expect(body.notMoved).toEqual(expect.arrayContaining([SAFFRON_ID, GRILL_ID]));
    expect(body.error).toContain("npm run move-to-objects");
    expect(await oldTablesLeft()).toEqual([...OLD_TABLES].sort());
    expect(await brandColumnsLeft()).toHaveLength(OLD_BRAND_COLUMNS.length);
  });

  it("answers 401 without the admin secret", async () => {
    expect((await admin("/_edge/move/finish", {}, null)).status).toBe(401);
    expect((await admin("/_edge/move/finish", {}, "wrong")).status).toBe(401);
    expect(await oldTablesLeft()).toHaveLength(OLD_TABLES.length);
  });

  it("after the move, 20 finishes at once drop every old table and brand column once, in one transaction", async () => {
    const branch = await json(await call("/getBranch", { domain: "saffron" }));
    const menu = await json(await call("/getMenu", { domain: "saffron", branch_id: 1, visit: 0 }));
    saffronBefore = { style: branch.data.style, logo: branch.data.restaurant.logo, menus: menu.data.menu.map((m: { id: number }) => m.id) };
    expect(saffronBefore.style).not.toBeNull();
    await moveUntilDone((after) => admin("/_edge/move", { after }));
    const moved = await env.DB.prepare("SELECT count(*) AS n FROM restaurants WHERE moved_at IS NULL").first<{ n: number }>();
    expect(moved!.n).toBe(0);
    const answers = await Promise.all(Array.from({ length: 20 }, () => admin("/_edge/move/finish")));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const dropped = (await Promise.all(answers.map(json))).map((a) => a.dropped);
    expect(dropped.filter((d) => d.tables.length > 0)).toEqual([{ tables: [...OLD_TABLES], columns: [...OLD_BRAND_COLUMNS] }]);
    expect(await oldTablesLeft()).toEqual([]);
    expect(await brandColumnsLeft()).toEqual([]);
    // The directory's own tables are all still there.
    expect((await env.DB.prepare("SELECT count(*) AS n FROM restaurants").first<{ n: number }>())!.n).toBeGreaterThan(1);
    // Again: nothing left to drop.
    expect(await json(await admin("/_edge/move/finish"))).toEqual({ dropped: { tables: [], columns: [] } });
  });

  it("then the diner's pages read the objects alone: the same colours, logo and menus, and the old order", async () => {
    const branch = await json(await call("/getBranch", { domain: "saffron" }));
    expect(branch.data.style).toEqual(saffronBefore.style);
    expect(branch.data.restaurant.logo).toEqual(saffronBefore.logo);
    const menu = await json(await call("/getMenu", { domain: "saffron", branch_id: 1, visit: 1 }));
    expect(menu.data.menu.map((m: { id: number }) => m.id)).toEqual(saffronBefore.menus);
    expect(await restaurantRows(SAFFRON_ID, "SELECT public_id FROM orders WHERE public_id = 'old-pub-7001'")).toEqual([{ public_id: "old-pub-7001" }]);
  });

  it("then a diner orders by SMS code and another pays by card", async () => {
    const product = (await catalogueRow<{ id: number }>(
      SAFFRON_ID,
      "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND p.hidden = 0 AND p.unavailable = 0 AND p.id NOT IN (SELECT product_id FROM options WHERE required = 1) LIMIT 1",
    ))!;
    const token = await dinerToken(call, "+971501234321");
    const items = JSON.stringify([{ product_id: product.id, amount: 2 }]);
    const stored = await call("/storeOrder", { domain: "saffron", branch_id: 1, items }, { authorization: `Bearer ${token}` });
    expect(stored.status).toBe(200);
    const paying = await json(
      await call("/orderPayment", {
        domain: "saffron",
        branch_id: 1,
        items,
        table_id: 4,
        nameCustomer: "Omar",
        phoneCustomer: "0509876543",
        success_url: "http://localhost/saffron/1/orders",
        cancel_url: "http://localhost/saffron/1/cart",
      }),
    );
    const pay = new URL(paying.data.url).pathname.replace("/api", "");
    expect((await apiApp.request(`http://localhost${pay}`, { method: "POST", body: new URLSearchParams({ decision: "pay" }) }, env)).status).toBe(303);
    const orders = await restaurantRows<{ phone: string; paid: number }>(SAFFRON_ID, "SELECT phone, paid FROM orders WHERE id > 7001 ORDER BY id");
    expect(orders).toEqual([
      { phone: "+971501234321", paid: 0 },
      { phone: "+971509876543", paid: 1 },
    ]);
  });

  it("then sign-up makes a new restaurant with its branch, and the move runs again with nothing to do", async () => {
    const { createRestaurant } = await import("../../worker/console/signup");
    const made = await createRestaurant(env, {
      domain: "after-finish",
      name_en: "After",
      name_ar: "بعد",
      country: "AE",
      plan: "monthly",
      provider: "demo",
      owner: { phone: "+971500000778", name: "Owner" },
    });
    if (typeof made === "string") throw new Error(made);
    expect(await restaurantRows(made.restaurantId, "SELECT name_en FROM branches")).toHaveLength(1);
    expect(await restaurantRows(made.restaurantId, "SELECT restaurant_id, style_primary FROM brand")).toEqual([
      { restaurant_id: made.restaurantId, style_primary: null },
    ]);
    const again = await moveUntilDone((after) => admin("/_edge/move", { after }));
    expect([...again.values()].every((n) => n === 0)).toBe(true);
  });
});
