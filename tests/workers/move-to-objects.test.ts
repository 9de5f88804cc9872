// The move of an old single-D1 database's orders into the restaurants' objects (POST /_edge/move,
// Restaurant.adoptFromDirectory, docs/decisions/0042): each restaurant's rows land in its own object and
// not in another's, the diner's API reads them, twice is once, a move cut after one page (or crashed in
// one) resumes to the same result, an order placed since the deploy keeps its id and retry key (the old
// one moves beside it), and only ADMIN_SECRET may call it.
import { env } from "cloudflare:workers";
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import app from "../../worker/index";
import { apiApp } from "../../worker/contract/catalogue";
import { sha256 } from "../../worker/rules/secrets";
import { moveRestaurants } from "../../worker/edge/move";
import { ADOPT_PAGE, adoptState, readOldPage, storePage } from "../../worker/restaurant/adopt";
import { migrate, schemaVersion } from "../../worker/restaurant/schema";
import { scopedId } from "../../worker/restaurant/scoped-id";
import { restaurantObject } from "../../worker/restaurant/stub";
import { moveUntilDone } from "../../scripts/move-loop";
import { ordersOf, SAFFRON_ID } from "./restaurant-rows";

const GRILL_ID = 2;
const ADMIN_SECRET = "test-admin-secret";
const SAFFRON_PHONE = "+971501230001";
const GRILL_PHONE = "+971501230002";
/** Saffron's old orders: more than one page, so the move pages. */
const SAFFRON_ORDERS = ADOPT_PAGE + 50;

type Row = Record<string, unknown>;

async function move(body: unknown, headers: Record<string, string> = { authorization: `Bearer ${ADMIN_SECRET}` }, secret: string | null = ADMIN_SECRET) {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request("http://localhost/_edge/move", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    { ...env, ADMIN_SECRET: secret ?? undefined },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** The whole move as `npm run move-to-objects` runs it (its own loop): what each restaurant moved. */
const moveAll = () => moveUntilDone((after) => move({ after }));

/** Old-style rows straight into D1, as a deployment of the old code left them. */
async function seedOldRows() {
  const db = env.DB;
  const statements: D1PreparedStatement[] = [];
  const order = (id: number, restaurant: number, branch: number, phone: string, extra: Partial<Row> = {}) => {
    const o = { payment: "otp", paid: 0, status: 0, ...extra };
    statements.push(
      db
        .prepare(
          `INSERT INTO orders (id, restaurant_id, branch_id, num_order, name, phone, note, table_id, price, status, payment, paid, idempotency_key, created_at, public_id)
      VALUES (?, ?, ?, ?, 'Old diner', ?, ?, 2, 30.5, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          id,
          restaurant,
          branch,
          id % 1000,
          phone,
          `note ${id}`,
          o.status,
          o.payment,
          o.paid,
          `key-${id}`,
          `2026-01-01 10:${String(id % 60).padStart(2, "0")}:00`,
          `pub-${id}`,
        ),
    );
    statements.push(
      db
        .prepare(
          "INSERT INTO order_items (id, order_id, product_id, name_en, name_ar, image, price, amount, note, line) VALUES (?, ?, 1, 'Latte', 'لاتيه', NULL, 25.5, 1, NULL, 0)",
        )
        .bind(id + 100_000, id),
    );
    statements.push(
      db
        .prepare(
          "INSERT INTO order_item_options (id, order_item_id, sub_option_id, name_en, name_ar, sub_name_en, sub_name_ar, price) VALUES (?, ?, 1, 'Milk', 'حليب', 'Oat', 'شوفان', 5)",
        )
        .bind(id + 200_000, id + 100_000),
    );
  };
  for (let i = 1; i <= SAFFRON_ORDERS; i++) order(50_000 + i, SAFFRON_ID, 1, SAFFRON_PHONE, i === 1 ? { payment: "online", paid: 1, status: 3 } : {});
  for (let i = 1; i <= 3; i++) order(60_000 + i, GRILL_ID, 3, GRILL_PHONE);
  statements.push(
    db.prepare(
      "INSERT INTO payment_sessions (id, order_id, success_url, cancel_url, status, created_at, expires_at, token_hash, provider, url, payment_intent) VALUES ('cs_old_1', 50001, 'https://saffron.test/ok', 'https://saffron.test/no', 'paid', 1, 1800001, NULL, 'stripe', 'https://checkout.stripe.com/x', 'pi_old1')",
    ),
  );
  statements.push(
    db.prepare(
      "INSERT INTO refunds (order_id, session_id, provider, amount, currency, status, provider_id, attempts, created_at, updated_at) VALUES (50001, 'cs_old_1', 'stripe', 3050, 'AED', 'succeeded', 're_old1', 1, 2, 3)",
    ),
  );
  for (let i = 0; i < statements.length; i += 200) await db.batch(statements.slice(i, i + 200));
}

/** Every moved table of a restaurant's object, in a stable order. */
async function objectContents(restaurantId: number) {
  const db = ordersOf(restaurantId);
  const tables = ["orders", "order_items", "order_item_options", "payment_sessions", "refunds"];
  const results = await db.batch<Row>(tables.map((t) => db.prepare(`SELECT * FROM ${t} ORDER BY ${t === "payment_sessions" ? "id" : "rowid"}`)));
  return Object.fromEntries(tables.map((t, i) => [t, results[i]!.results]));
}

/** The same tables of D1's old rows for one restaurant (what the object must hold after the move). */
async function oldContents(restaurantId: number) {
  const mine = "SELECT id FROM orders WHERE restaurant_id = ?1";
  const [orders, items, options, sessions, refunds] = await env.DB.batch<Row>(
    [
      `SELECT * FROM orders WHERE restaurant_id = ?1 ORDER BY id`,
      `SELECT * FROM order_items WHERE order_id IN (${mine}) ORDER BY id`,
      `SELECT x.* FROM order_item_options x JOIN order_items i ON i.id = x.order_item_id WHERE i.order_id IN (${mine}) ORDER BY x.id`,
      `SELECT * FROM payment_sessions WHERE order_id IN (${mine}) ORDER BY id`,
      `SELECT * FROM refunds WHERE order_id IN (${mine}) ORDER BY order_id`,
    ].map((sql) => env.DB.prepare(sql).bind(restaurantId)),
  );
  // D1 kept amounts in major units (REAL); the object keeps AED's minor units, and each order its currency and no VAT
  // (and none of the object's later columns: no pickup time, no rating, no Tap charge).
  const minor = ({ price, ...row }: Row, column: string): Row => ({ ...row, [column]: Math.round((price as number) * 100) });
  return {
    orders: orders!.results.map((o): Row => ({
      ...minor(o, "total_minor"),
      currency: "AED",
      vat_bp: 0,
      vat_minor: 0,
      service_minor: 0,
      tip_minor: 0,
      pickup_at: null,
      rating: null,
      rating_note: null,
      rated_at: null,
    })),
    order_items: items!.results.map((i) => ({ ...minor(i, "unit_minor"), vat_minor: 0 })),
    order_item_options: options!.results.map((x) => minor(x, "price_minor")),
    payment_sessions: sessions!.results.map((session) => ({ ...session, charge_id: null })),
    // Each refund gets its own id in the object (schema 22), and is a cancel's, with no reason.
    refunds: refunds!.results.map((r, i): Row => ({ ...r, id: i + 1, kind: "cancel", reason: null })),
  };
}

async function dinerOrders(restaurantId: number, domain: string, phone: string) {
  const token = scopedId(restaurantId);
  // A diner's token for that phone, as a code would earn one, written into the object.
  await ordersOf(restaurantId)
    .prepare("INSERT INTO order_tokens (token_hash, phone, name, expires_at) VALUES (?, ?, 'Old diner', ?)")
    .bind(await sha256(token), phone, Date.now() + 3_600_000)
    .run();
  const res = await apiApp.request(
    "/getOrder",
    {
      method: "POST",
      body: JSON.stringify({ domain, phoneCustomer: phone, all: 1 }),
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "cf-connecting-ip": "10.42.0.1" },
    },
    env,
  );
  expect(res.status).toBe(200);
  return { token, orders: ((await res.json()) as { data: Row[] }).data };
}

describe("moving the old D1's orders into the restaurants' objects", { timeout: 60_000 }, () => {
  it("refuses without the admin secret: 503 naming it when unset, 401 when wrong or missing, 400 on a bad body", async () => {
    const unset = await move({}, { authorization: "Bearer anything" }, null);
    expect(unset.status).toBe(503);
    expect(await unset.json()).toEqual({ error: expect.stringContaining("ADMIN_SECRET") });
    expect((await move({}, { authorization: "Bearer wrong-secret" })).status).toBe(401);
    expect((await move({}, { authorization: `Bearer ${ADMIN_SECRET}x` })).status).toBe(401);
    expect((await move({}, {})).status).toBe(401);
    expect((await move({ after: "one" })).status).toBe(400);
    expect((await move("{not json")).status).toBe(400);
    expect((await move({ after: -1 })).status).toBe(400);
  });

  it("moves each restaurant's rows into its own object, resumes after one page, and twice is once", async () => {
    await seedOldRows();
    // An order placed in Grill House's object since the deploy holds an id an old order has, and the
    // retry key of another (the diner's retry crossed the deploy).
    await ordersOf(GRILL_ID)
      .prepare(
        "INSERT INTO orders (id, restaurant_id, branch_id, num_order, name, phone, total_minor, currency, public_id, idempotency_key) VALUES (60002, ?, 3, 1, 'New diner', ?, 1000, 'AED', 'pub-new', 'key-60003')",
      )
      .bind(GRILL_ID, GRILL_PHONE)
      .run();

    // A crash in the middle of storing a page: the page's rows and the cursor go together, nothing kept.
    await runInDurableObject(restaurantObject(env, { id: SAFFRON_ID }), async (_o, state) => {
      const rows = await readOldPage(env.DB, SAFFRON_ID, 0);
      migrate(state.storage);
      expect(() =>
        state.storage.transactionSync(() => {
          expect(storePage(state.storage.sql, state.storage.kv, SAFFRON_ID, rows, "AED")).toBe(ADOPT_PAGE);
          throw new Error("crash");
        }),
      ).toThrow("crash");
      expect(state.storage.sql.exec("SELECT count(*) AS n FROM orders").one().n).toBe(0);
      expect(adoptState(state.storage.kv, SAFFRON_ID)).toEqual({ restaurantId: SAFFRON_ID, after: 0 });
    });

    // A move cut after one page (a request with one object call left): it answers to start again with
    // Saffron, whose object holds exactly that page and its cursor.
    expect(await moveRestaurants(env, 0, 1)).toEqual({ next: 0, restaurants: [{ id: SAFFRON_ID, moved: ADOPT_PAGE, done: false }] });
    expect((await objectContents(SAFFRON_ID)).orders).toHaveLength(ADOPT_PAGE);
    // Two calls at once on Grill House's object store its three orders once.
    const grill = restaurantObject(env, { id: GRILL_ID });
    const both = await Promise.all([grill.adoptFromDirectory(GRILL_ID), grill.adoptFromDirectory(GRILL_ID)]);
    expect(both.reduce((n, r) => n + r.moved, 0)).toBe(3);

    // The resumed move moves the rest, nothing twice.
    const moved = await moveAll();
    expect(moved.get(SAFFRON_ID)).toBe(SAFFRON_ORDERS - ADOPT_PAGE);
    expect(moved.get(GRILL_ID)).toBe(0);

    // Saffron's object holds exactly its old rows, ids and all; none of Grill House's.
    const saffron = await objectContents(SAFFRON_ID);
    expect(saffron).toEqual(await oldContents(SAFFRON_ID));
    expect(saffron.orders.map((o) => o.public_id)).not.toContain("pub-60001");
    // Grill House's: its three old orders (the one whose id was taken under a new id, its line and
    // option with it), the order placed since the deploy untouched, and none of Saffron's.
    const grillRows = await objectContents(GRILL_ID);
    expect(grillRows.orders.map((o) => [o.id, o.public_id])).toEqual([
      [60001, "pub-60001"],
      [60002, "pub-new"],
      [60003, "pub-60003"],
      [60004, "pub-60002"],
    ]);
    expect(grillRows.order_items.map((i) => [i.id, i.order_id])).toEqual([
      [160001, 60001],
      [160002, 60004],
      [160003, 60003],
    ]);
    expect(grillRows.order_item_options.map((x) => x.order_item_id)).toEqual([160001, 160002, 160003]);
    expect(grillRows.payment_sessions).toEqual([]);
    const old = await oldContents(GRILL_ID);
    expect(grillRows.orders.find((o) => o.id === 60004)).toEqual({ ...old.orders.find((o) => o.id === 60002), id: 60004 });
    expect(grillRows.orders.find((o) => o.id === 60003)).toEqual({ ...old.orders.find((o) => o.id === 60003), idempotency_key: null });

    // A restaurant with no old orders (Closed Bistro) moved none; its object took its catalogue (decision 0045) and holds no order.
    expect(moved.get(3)).toBe(0);
    const bistro = await runInDurableObject(restaurantObject(env, { id: 3 }), (_o, state) => ({
      branches: state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM branches").one().n,
      orders: state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM orders").one().n,
    }));
    const oldBranches = (await env.DB.prepare("SELECT count(*) AS n FROM branches WHERE restaurant_id = 3").first<{ n: number }>())!.n;
    expect(bistro).toEqual({ branches: oldBranches, orders: 0 });

    // Twice is once: a second whole move moves nothing and changes nothing.
    const again = await moveAll();
    expect([...again.values()].every((n) => n === 0)).toBe(true);
    expect(await objectContents(SAFFRON_ID)).toEqual(saffron);
    expect(await objectContents(GRILL_ID)).toEqual(grillRows);

    // The diner's API reads the moved orders: with their lines, options and refund, and only their own.
    const { token, orders } = await dinerOrders(SAFFRON_ID, "saffron", SAFFRON_PHONE);
    expect(orders).toHaveLength(SAFFRON_ORDERS);
    const first = orders.find((o) => o.id === 50001)!;
    expect(first).toMatchObject({ public_id: "pub-50001", paid: 1, refund: expect.objectContaining({ amount: 30.5, status: "succeeded" }) });
    expect(first.order_products).toEqual([expect.objectContaining({ id: 150001, option: [expect.objectContaining({ name_en: "Milk" })] })]);
    const shown = await apiApp.request("/order/show/50002", { headers: { authorization: `Bearer ${token}` } }, env);
    expect(((await shown.json()) as { data: Row }).data).toMatchObject({ id: 50002, public_id: "pub-50002" });
    expect((await dinerOrders(GRILL_ID, "grill-house", GRILL_PHONE)).orders.map((o) => o.public_id).sort()).toEqual([
      "pub-60001",
      "pub-60002",
      "pub-60003",
      "pub-new",
    ]);
  });

  it("an object moves only its own restaurant's rows", async () => {
    const other = restaurantObject(env, { id: 3 });
    const refused = await other.adoptFromDirectory(SAFFRON_ID).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/not restaurant:1's/);
  });
});
