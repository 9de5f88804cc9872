// The restaurant's status call (POST /api/orderStatus): each restaurant's own key, its own orders
// only, the status table's moves, unpaid online orders held, and bursts of conflicting moves.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { apiApp } from "../../worker/contract/catalogue";
import { canMove, ORDER_STATUSES } from "../../worker/rules/status-table";
import { catalogueRows } from "./catalogue";
import { connect } from "./realtime-socket";
import { issueRestaurantKey } from "./restaurant-keys";
import { ordersOf, SAFFRON_ID } from "./restaurant-rows";

const RESTAURANTS = { saffron: { id: SAFFRON_ID, branch: 1 }, "grill-house": { id: 2, branch: 3 } } as const;
type Domain = keyof typeof RESTAURANTS;
const keys = {} as Record<Domain, string>;

beforeAll(async () => {
  keys.saffron = await issueRestaurantKey("saffron");
  keys["grill-house"] = await issueRestaurantKey("grill-house");
});

const move = (body: Record<string, unknown>, key: string | null = keys.saffron) =>
  apiApp.request(
    "/orderStatus",
    {
      method: "POST",
      body: JSON.stringify({ domain: "saffron", ...body }),
      headers: { "content-type": "application/json", ...(key === null ? {} : { "x-restaurant-key": key }) },
    },
    env,
  );
const json = async (res: Response) => (await res.json()) as any;

/**
 * An order written straight into its restaurant's object, in the state a test needs. Grill-house's
 * orders are numbered from 500001 up: each object numbers its own orders, and an id of grill's must
 * never also be one of saffron's (nor the other way round) for "another restaurant's order" to mean it.
 */
async function newOrder(options: { domain?: Domain; status?: number; payment?: "otp" | "online"; paid?: 0 | 1 } = {}) {
  const restaurant = RESTAURANTS[options.domain ?? "saffron"];
  const publicId = crypto.randomUUID().replaceAll("-", "");
  const row = await ordersOf(restaurant.id)
    .prepare(
      "INSERT INTO orders (id, restaurant_id, branch_id, num_order, name, phone, total_minor, currency, status, payment, paid, public_id) VALUES ((SELECT coalesce(max(id), ?) + 1 FROM orders), ?, ?, 1, 'Sara', '+971501234567', 1000, 'AED', ?, ?, ?, ?) RETURNING id",
    )
    .bind(
      restaurant.id === SAFFRON_ID ? 0 : 500_000,
      restaurant.id,
      restaurant.branch,
      options.status ?? 0,
      options.payment ?? "otp",
      options.paid ?? 0,
      publicId,
    )
    .first<{ id: number }>();
  return { id: row!.id, publicId };
}
const statusOf = async (id: number, domain: Domain = "saffron") =>
  (await ordersOf(RESTAURANTS[domain].id).prepare("SELECT status FROM orders WHERE id = ?").bind(id).first<{ status: number }>())!.status;
/** Whether restaurant `domain`'s object holds an order `id`. */
const holds = async (domain: Domain, id: number) =>
  (await ordersOf(RESTAURANTS[domain].id).prepare("SELECT id FROM orders WHERE id = ?").bind(id).first()) !== null;

/** Every frame that arrived on the socket before the answer to a ping sent now. */
async function framesSoFar(socket: Awaited<ReturnType<typeof connect>>) {
  socket.send('{"event":"pusher:ping","data":{}}');
  const frames = [];
  for (let f = await socket.next(); f.event !== "pusher:pong"; f = await socket.next()) frames.push(f);
  return frames;
}

// The issue's table, written out here rather than read from the code under test:
// pending → in process → ready; pending and in process → canceled; nothing else.
const ALLOWED = new Set(["0→1", "1→2", "0→3", "1→3"]);

describe("who may call", () => {
  it("answers the same 401 to a missing key, a wrong key, an unknown restaurant, another restaurant's key and the old shared secret", async () => {
    const order = await newOrder();
    const refused = [
      await move({ order_id: order.id, status: 1 }, null),
      await move({ order_id: order.id, status: 1 }, "wrong"),
      await move({ order_id: order.id, status: 1 }, keys.saffron.slice(0, -1)),
      await move({ order_id: order.id, status: 1 }, keys["grill-house"]),
      await move({ domain: "no-such-place", order_id: order.id, status: 1 }),
      await move({ domain: "grill-house", order_id: order.id, status: 1 }),
      await apiApp.request(
        "/orderStatus",
        {
          method: "POST",
          body: JSON.stringify({ domain: "saffron", order_id: order.id, status: 1 }),
          headers: { "content-type": "application/json", "x-restaurant-secret": "test-restaurant-secret" },
        },
        env,
      ),
    ];
    for (const res of refused) {
      expect(res.status).toBe(401);
      expect(await json(res)).toEqual({ error: "Unauthenticated" });
    }
    expect(await statusOf(order.id)).toBe(0);
  });

  it("lets a restaurant hold several keys (rotation): each of them works", async () => {
    const second = await issueRestaurantKey("saffron");
    const order = await newOrder();
    expect((await move({ order_id: order.id, status: 1 }, second)).status).toBe(200);
    expect((await move({ order_id: order.id, status: 2 }, keys.saffron)).status).toBe(200);
    expect(await statusOf(order.id)).toBe(2);
  });

  it("keeps the keys hashed: no stored value is a key", async () => {
    const results = (
      await Promise.all(
        Object.values(RESTAURANTS).map(({ id }) => catalogueRows<{ key_hash: string }>(id, "SELECT key_hash FROM restaurant_keys WHERE restaurant_id = ?", id)),
      )
    ).flat();
    expect(results.length).toBeGreaterThanOrEqual(2);
    for (const { key_hash } of results) {
      expect(key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(Object.values(keys)).not.toContain(key_hash);
    }
  });

  it("lets a restaurant's own key move only its own orders: another restaurant's order is as unknown as a missing one", async () => {
    const saffronOrder = await newOrder({ domain: "saffron" });
    expect(await holds("grill-house", saffronOrder.id)).toBe(false);
    const asGrill = await move({ domain: "grill-house", order_id: saffronOrder.id, status: 1 }, keys["grill-house"]);
    const missing = await move({ domain: "grill-house", order_id: 2_000_000_000, status: 1 }, keys["grill-house"]);
    expect(asGrill.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await json(asGrill)).toEqual(await json(missing));
    expect(await statusOf(saffronOrder.id)).toBe(0);
    // and the other way round
    const grillOrder = await newOrder({ domain: "grill-house" });
    expect(await holds("saffron", grillOrder.id)).toBe(false);
    expect((await move({ order_id: grillOrder.id, status: 3 })).status).toBe(404);
    expect(await statusOf(grillOrder.id, "grill-house")).toBe(0);
    expect((await move({ domain: "grill-house", order_id: grillOrder.id, status: 3 }, keys["grill-house"])).status).toBe(200);
    expect(await statusOf(grillOrder.id, "grill-house")).toBe(3);
  });

  it("refuses a bad body with 422 (with a valid key)", async () => {
    const order = await newOrder();
    for (const body of [
      { order_id: order.id, status: 4 },
      { order_id: order.id, status: -1 },
      { order_id: order.id, status: "ready" },
      { order_id: order.id, status: 1.5 },
      { order_id: order.id },
      { status: 1 },
      { domain: "", order_id: order.id, status: 1 },
    ]) {
      const res = await move(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect(await statusOf(order.id)).toBe(0);
  });
});

describe("the status table", () => {
  it("is the issue's table", () => {
    for (const from of ORDER_STATUSES) for (const to of ORDER_STATUSES) expect(canMove(from, to), `${from}→${to}`).toBe(ALLOWED.has(`${from}→${to}`));
  });

  it("allows exactly the table's moves, answers 409 with the current status to the others, and 200 without a change to the same status", async () => {
    for (const from of [0, 1, 2, 3]) {
      for (const to of [0, 1, 2, 3]) {
        const order = await newOrder({ status: from });
        const res = await move({ order_id: order.id, status: to });
        const body = await json(res);
        const pair = `${from}→${to}`;
        if (from === to) {
          expect([res.status, body.data], pair).toEqual([200, { order_id: order.id, status: to, changed: false }]);
        } else if (ALLOWED.has(pair)) {
          expect([res.status, body.data], pair).toEqual([200, { order_id: order.id, status: to, changed: true }]);
        } else {
          expect([res.status, body.status], pair).toEqual([409, from]);
        }
        expect(await statusOf(order.id), pair).toBe(ALLOWED.has(pair) ? to : from);
      }
    }
  });

  it("publishes each change once, and nothing for a retry or a refused move", async () => {
    const order = await newOrder();
    const diner = await connect();
    await diner.subscribe(`order-${order.publicId}`);
    expect((await move({ order_id: order.id, status: 1 })).status).toBe(200);
    expect((await move({ order_id: order.id, status: 1 })).status).toBe(200); // a retry
    expect((await move({ order_id: order.id, status: 0 })).status).toBe(409);
    expect(await framesSoFar(diner)).toEqual([
      { event: "status", channel: `order-${order.publicId}`, data: JSON.stringify({ order_id: order.id, status: 1 }) },
    ]);
  });

  it("holds an online order until it is paid (409), then lets it move", async () => {
    const order = await newOrder({ payment: "online", paid: 0 });
    for (const status of [0, 1, 3]) {
      const res = await move({ order_id: order.id, status });
      expect(res.status, String(status)).toBe(409);
      expect(await json(res)).toMatchObject({ error: "Order is not paid", status: 0 });
    }
    expect(await statusOf(order.id)).toBe(0);
    await ordersOf(SAFFRON_ID).prepare("UPDATE orders SET paid = 1 WHERE id = ?").bind(order.id).run();
    expect((await move({ order_id: order.id, status: 1 })).status).toBe(200);
    // An order confirmed by SMS code has nothing to pay online.
    const bySms = await newOrder({ payment: "otp", paid: 0 });
    expect((await move({ order_id: bySms.id, status: 1 })).status).toBe(200);
  });
});

describe("conflicting moves at once", () => {
  it("50 concurrent 'ready' and 'cancel' calls on an order in process: one of them wins, once, and is published once", async () => {
    const order = await newOrder({ status: 1 });
    const diner = await connect();
    await diner.subscribe(`order-${order.publicId}`);
    const targets = Array.from({ length: 50 }, (_, i) => (i % 2 ? 2 : 3));
    const answers = await Promise.all(
      targets.map(async (status) => {
        const res = await move({ order_id: order.id, status });
        return { status, code: res.status, body: await json(res) };
      }),
    );
    const final = await statusOf(order.id);
    expect([2, 3]).toContain(final);
    const changes = answers.filter((a) => a.code === 200 && a.body.data.changed);
    expect(changes.map((a) => a.status)).toEqual([final]);
    for (const a of answers) {
      if (a.status === final)
        expect(a.code).toBe(200); // the winner, or a no-op repeat of it
      else expect([a.code, a.body.status]).toEqual([409, final]);
    }
    expect(await framesSoFar(diner)).toEqual([
      { event: "status", channel: `order-${order.publicId}`, data: JSON.stringify({ order_id: order.id, status: final }) },
    ]);
  });

  it("50 concurrent calls of every status on a pending order: the changes form one legal path, each published once", async () => {
    const order = await newOrder();
    const diner = await connect();
    await diner.subscribe(`order-${order.publicId}`);
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const status = [1, 2, 3, 0][i % 4]!;
        const res = await move({ order_id: order.id, status });
        return { status, code: res.status, body: await json(res) };
      }),
    );
    const final = await statusOf(order.id);
    const changed = answers
      .filter((a) => a.code === 200 && a.body.data.changed)
      .map((a) => a.status)
      .sort();
    // The only paths from pending: → in process, → in process → ready, → in process → canceled, → canceled.
    const paths: Record<number, number[][]> = { 1: [[1]], 2: [[1, 2]], 3: [[3], [1, 3]] };
    expect(paths[final]).toContainEqual(changed);
    const published = (await framesSoFar(diner)).map((f) => JSON.parse(f.data as string).status as number).sort();
    expect(published).toEqual(changed);
    expect(answers.every((a) => a.code === 200 || a.code === 409)).toBe(true);
  });
});
