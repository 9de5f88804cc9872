// The orders board's moves through the whole worker (POST /console/orders, intent "move"): each
// allowed step, refusals (409 a move no longer allowed, 404 another restaurant's order, 403 a staff
// member's other branch), 50 concurrent taps moving once and publishing once; the restaurant's
// orderStatus call through the same move; and a placed or paid order telling the branch's board.
// Seed: saffron (restaurant 1, branches 1 and 2) and grill-house (restaurant 2, branch 3).
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogueRow } from "./catalogue";
import { apiCaller, json } from "./helpers";
import type { Role } from "../../worker/rules/roles";
import { settle } from "../../worker/restaurant/settle";
import { BOARD_EVENT, branchOrdersChannel } from "../../worker/realtime/channels";
import { connect, type Frame } from "./realtime-socket";
import { issueRestaurantKey } from "./restaurant-keys";
import { seedMember } from "./console-members";
import { ordersOf, SAFFRON_ID, seedOrder } from "./restaurant-rows";
import { TEST_REALTIME_SECRET } from "./secrets";

const SAFFRON = SAFFRON_ID;
const GRILL = 2;
const [PENDING, IN_PROCESS, READY, CANCELED] = [0, 1, 2, 3];

interface Person {
  cookie: string;
}
let seq = 0;
const phone = () => `+9717${String(Date.now()).slice(-5)}${String(++seq).padStart(3, "0")}`;

const member = (restaurantId: number, role: Role, branchIds: number[] = []) => seedMember(restaurantId, role, branchIds);

/** A pending pay-at-counter order with one item (an option and a note), as the board lists it. */
async function order(restaurantId: number, branchId: number, extra: { payment?: "otp" | "online"; paid?: number } = {}) {
  const seeded = await seedOrder(restaurantId, branchId, extra);
  return { id: seeded.id, number: seeded.num_order, publicId: seeded.publicId };
}

const statusOf = async (id: number, restaurantId = SAFFRON) =>
  (await ordersOf(restaurantId).prepare("SELECT status FROM orders WHERE id = ?").bind(id).first<{ status: number }>())!.status;
/** No order of saffron's has this id: a tap naming it there names another restaurant's order or none. */
const notSaffrons = async (id: number) => expect(await ordersOf(SAFFRON).prepare("SELECT id FROM orders WHERE id = ?").bind(id).first()).toBeNull();

const board = (who: Person, init: RequestInit = {}, query = "") =>
  exports.default.fetch(`http://localhost/console/orders${query}`, { redirect: "manual", ...init, headers: { cookie: who.cookie, ...init.headers } });
/** A tap on the board: the plain form a card posts (what a browser without JavaScript sends too). */
const tap = (who: Person, orderId: number | string, status: number | string, intent = "move", branch = 1) =>
  board(
    who,
    {
      method: "POST",
      body: new URLSearchParams({ intent, order_id: String(orderId), status: String(status) }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    },
    `?branch=${branch}`,
  );
/** The same tap as a client navigation's action call (single fetch), answering data rather than a page. */
const tapData = (who: Person, orderId: number, status: number) =>
  exports.default.fetch("http://localhost/console/orders.data?branch=1", {
    method: "POST",
    body: new URLSearchParams({ intent: "move", order_id: String(orderId), status: String(status) }),
    headers: { cookie: who.cookie, "content-type": "application/x-www-form-urlencoded" },
  });

/** The signature of a private channel, spelled out with node:crypto (the hub checks it). */
async function channelAuth(socketId: string, channel: string) {
  const { createHmac } = await import("node:crypto");
  return `menu-local-key:${createHmac("sha256", TEST_REALTIME_SECRET).update(`${socketId}:${channel}`).digest("hex")}`;
}
/** A socket subscribed to branch `branchId`'s board stream, as the board's page is. */
async function boardSocket(branchId: number) {
  const socket = await connect();
  const channel = branchOrdersChannel(branchId);
  socket.send({ event: "pusher:subscribe", data: { channel, auth: await channelAuth(socket.socketId, channel) } });
  expect(await socket.next()).toEqual({ event: "pusher_internal:subscription_succeeded", channel, data: "{}" });
  return socket;
}
/** A board event of the branch: the order's row as the board lists it, in `status`, numbered after the last one this file saw. */
const lastSeq = new Map<number, number>();
function expectBoardEvent(frame: Frame, branchId: number, orderId: number, status: number) {
  expect(frame).toMatchObject({ event: BOARD_EVENT, channel: branchOrdersChannel(branchId) });
  const data = JSON.parse(frame.data as string);
  expect(data).toMatchObject({ branch_id: branchId, order_id: orderId, row: { id: orderId, branch_id: branchId, status } });
  expect(data.seq).toBeGreaterThan(lastSeq.get(branchId) ?? 0);
  lastSeq.set(branchId, data.seq);
}

let owner: Person;
let staff1: Person;
let staff2: Person;
let grillOwner: Person;
beforeAll(async () => {
  owner = await member(SAFFRON, "owner");
  staff1 = await member(SAFFRON, "staff", [1]);
  staff2 = await member(SAFFRON, "staff", [2]);
  grillOwner = await member(GRILL, "owner");
});

describe("the board's page", () => {
  it("shows a branch's orders with options, notes and payment; an unpaid online order only once paid", async () => {
    const counter = await order(SAFFRON, 1);
    const unpaid = await order(SAFFRON, 1, { payment: "online", paid: 0 });
    const html = await (await board(owner, {}, "?branch=1")).text();
    expect(html).toContain(`data-order-id="${counter.id}"`);
    for (const text of ["Board falafel", "Sauce: Tahini", "Extra crispy", "No onions at all", "Pay at counter"]) expect(html).toContain(text);
    expect(html).toContain('data-testid="board-toolbar"');
    expect(html).not.toContain(`data-order-id="${unpaid.id}"`);
    await ordersOf(SAFFRON).prepare("UPDATE orders SET paid = 1 WHERE id = ?").bind(unpaid.id).run();
    const after = await (await board(owner, {}, "?branch=1")).text();
    expect(after).toContain(`data-order-id="${unpaid.id}"`);
    expect(after).toContain("Paid online");
  });
});

describe("moves through the board's action", () => {
  it("takes an order New → Preparing → Ready, each tap publishing on the diner's and the branch's channels", async () => {
    const o = await order(SAFFRON, 1);
    const socket = await boardSocket(1);
    const diner = await connect();
    await diner.subscribe(`order-${o.publicId}`);
    for (const status of [IN_PROCESS, READY]) {
      const res = await tap(staff1, o.id, status);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("no-store");
      expect(await statusOf(o.id)).toBe(status);
      expectBoardEvent(await socket.next(), 1, o.id, status);
      expect(await diner.next()).toEqual({ event: "status", channel: `order-${o.publicId}`, data: JSON.stringify({ order_id: o.id, status }) });
      // The page the form post answers shows the order in its new column.
      const column = status === IN_PROCESS ? "inProcess" : "ready";
      expect(await res.text()).toContain(`data-order-id="${o.id}" data-status="${column}"`);
    }
    await socket.expectNothingPending();
  });

  it("cancels a new order and one being prepared", async () => {
    const fresh = await order(SAFFRON, 1);
    const cooking = await order(SAFFRON, 1);
    expect((await tap(owner, cooking.id, IN_PROCESS)).status).toBe(200);
    expect((await tap(owner, fresh.id, CANCELED)).status).toBe(200);
    expect((await tap(owner, cooking.id, CANCELED)).status).toBe(200);
    expect([await statusOf(fresh.id), await statusOf(cooking.id)]).toEqual([CANCELED, CANCELED]);
  });

  it("refuses a move no longer allowed with 409, a clear message and the order's current status, publishing nothing", async () => {
    const o = await order(SAFFRON, 1);
    const socket = await boardSocket(1);
    // Skipping Preparing, going back, or moving a ready or canceled order.
    const skip = await tapData(staff1, o.id, READY);
    expect(skip.status).toBe(409);
    const body = await skip.text();
    expect(body).toContain("notAllowed");
    expect(body).toContain("it was moved meanwhile");
    expect((await tap(staff1, o.id, IN_PROCESS)).status).toBe(200);
    expect((await tap(staff1, o.id, READY)).status).toBe(200);
    await socket.next();
    await socket.next();
    for (const status of [PENDING, IN_PROCESS, CANCELED]) expect((await tap(staff1, o.id, status)).status, `ready → ${status}`).toBe(409);
    // The page a plain form post gets back still shows the board, with the message and the order where it is.
    const page = await (await tap(staff1, o.id, CANCELED)).text();
    expect(page).toContain('data-testid="board-notice"');
    expect(page).toContain(`data-order-id="${o.id}" data-status="ready"`);
    // Someone else moved it first: the second device's same tap is refused.
    const other = await order(SAFFRON, 1);
    expect((await tap(owner, other.id, CANCELED)).status).toBe(200);
    expect((await tap(staff1, other.id, IN_PROCESS)).status).toBe(409);
    await socket.next();
    await socket.expectNothingPending();
    expect(await statusOf(o.id)).toBe(READY);
  });

  it("answers another restaurant's order as unknown (404), and a staff member's other branch 403, changing nothing", async () => {
    const grills = await order(GRILL, 3);
    const corniche = await order(SAFFRON, 2);
    await notSaffrons(grills.id);
    expect((await tap(owner, grills.id, IN_PROCESS)).status).toBe(404);
    expect((await tap(owner, 999_999_999, IN_PROCESS)).status).toBe(404);
    expect((await tap(staff1, corniche.id, IN_PROCESS)).status).toBe(403);
    expect(await statusOf(grills.id, GRILL)).toBe(PENDING);
    expect(await statusOf(corniche.id)).toBe(PENDING);
    // Their own people may: grill's owner moves grill's order, branch 2's staff the Corniche one.
    expect((await tap(grillOwner, grills.id, IN_PROCESS, "move", 3)).status).toBe(200);
    expect((await tap(staff2, corniche.id, IN_PROCESS, "move", 2)).status).toBe(200);
    // An unpaid online order is not on any board: as unknown as a missing one.
    const unpaid = await order(SAFFRON, 1, { payment: "online", paid: 0 });
    expect((await tap(owner, unpaid.id, IN_PROCESS)).status).toBe(404);
    expect(await statusOf(unpaid.id)).toBe(PENDING);
  });

  it("refuses malformed forms with 400", async () => {
    const o = await order(SAFFRON, 1);
    for (const [id, status, intent] of [
      ["x", "1", "move"],
      [String(o.id), "7", "move"],
      [String(o.id), "1", "delete"],
      ["", "", "move"],
      [String(o.id), "-1", "move"],
    ] as const) {
      expect((await tap(owner, id, status, intent)).status, `${id} ${status} ${intent}`).toBe(400);
    }
    expect(await statusOf(o.id)).toBe(PENDING);
  });

  it("moves an order once and publishes once when 50 taps arrive together", async () => {
    const o = await order(SAFFRON, 1);
    const socket = await boardSocket(1);
    const statuses = await Promise.all(Array.from({ length: 50 }, () => tapData(staff1, o.id, IN_PROCESS).then(async (r) => (await r.text(), r.status))));
    // The first moves it; the others find it already there (the same status again: 200, nothing changes).
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await statusOf(o.id)).toBe(IN_PROCESS);
    expectBoardEvent(await socket.next(), 1, o.id, IN_PROCESS);
    await socket.expectNothingPending();
    // 50 cancels and 50 "ready" taps racing: exactly one kind wins, once.
    const race = await Promise.all(
      Array.from({ length: 50 }, (_, i) => tapData(staff1, o.id, i % 2 ? READY : CANCELED).then(async (r) => (await r.text(), r.status))),
    );
    const final = await statusOf(o.id);
    expect([READY, CANCELED]).toContain(final);
    expect(race.filter((s) => s === 200).length).toBe(25);
    expect(race.filter((s) => s === 409).length).toBe(25);
    expectBoardEvent(await socket.next(), 1, o.id, final);
    await socket.expectNothingPending();
  });
});

// The embedded API, as the ordering tests call it.
const call = apiCaller(6);

describe("the rest of the order's life on the branch's channel", () => {
  it("orderStatus (X-Restaurant-Key) moves through the same move: both channels told, refusals unchanged", async () => {
    const o = await order(SAFFRON, 1);
    const socket = await boardSocket(1);
    const key = await issueRestaurantKey("saffron");
    const moved = await call("/orderStatus", { domain: "saffron", order_id: o.id, status: 1 }, { "x-restaurant-key": key });
    expect(moved.status).toBe(200);
    expect((await json(moved)).data).toEqual({ order_id: o.id, status: 1, changed: true });
    expectBoardEvent(await socket.next(), 1, o.id, IN_PROCESS);
    const again = await call("/orderStatus", { domain: "saffron", order_id: o.id, status: 1 }, { "x-restaurant-key": key });
    expect((await json(again)).data).toEqual({ order_id: o.id, status: 1, changed: false });
    const back = await call("/orderStatus", { domain: "saffron", order_id: o.id, status: 0 }, { "x-restaurant-key": key });
    expect(back.status).toBe(409);
    expect(await json(back)).toMatchObject({ error: "Status change not allowed", status: 1 });
    const grills = await order(GRILL, 3);
    await notSaffrons(grills.id);
    expect((await call("/orderStatus", { domain: "saffron", order_id: grills.id, status: 1 }, { "x-restaurant-key": key })).status).toBe(404);
    const unpaid = await order(SAFFRON, 1, { payment: "online", paid: 0 });
    const refused = await call("/orderStatus", { domain: "saffron", order_id: unpaid.id, status: 1 }, { "x-restaurant-key": key });
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({ error: "Order is not paid", status: 0 });
    await socket.expectNothingPending();
  });

  it("tells the branch's board when a diner places an order by SMS code", async () => {
    const socket = await boardSocket(1);
    const other = await boardSocket(2);
    const diner = phone().replace("+971", "0");
    const product = (await catalogueRow<{ id: number }>(
      SAFFRON_ID,
      "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND p.hidden = 0 AND p.unavailable = 0 LIMIT 1",
    ))!;
    expect((await call("/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone: diner })).status).toBe(200);
    const outbox = await json(await call(`/dev/outbox?phone=${diner}`));
    const code = /(\d{6})/.exec(outbox.data[0].body)![1]!;
    const token = (await json(await call("/verifyOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone: diner, otp_code: code }))).data.token as string;
    const stored = await json(
      await call(
        "/storeOrder",
        { domain: "saffron", branch_id: 1, items: JSON.stringify([{ product_id: product.id, amount: 1 }]) },
        { authorization: `Bearer ${token}` },
      ),
    );
    expectBoardEvent(await socket.next(), 1, stored.data.order_id, PENDING);
    await other.expectNothingPending();
  });

  it("tells the branch's board when an online order is paid, not before and not when it is cancelled", async () => {
    const paid = await order(SAFFRON, 1, { payment: "online", paid: 0 });
    const dropped = await order(SAFFRON, 1, { payment: "online", paid: 0 });
    const socket = await boardSocket(1);
    const saffron = { id: SAFFRON, domain: "saffron" };
    for (const [id, o] of [
      ["board-paid", paid],
      ["board-dropped", dropped],
    ] as const) {
      await ordersOf(SAFFRON)
        .prepare(
          "INSERT INTO payment_sessions (id, order_id, success_url, cancel_url, created_at, expires_at) VALUES (?, ?, 'http://localhost/s', 'http://localhost/c', ?, ?)",
        )
        .bind(`${id}-${o.id}`, o.id, Date.now(), Date.now() + 60_000)
        .run();
    }
    await socket.expectNothingPending();
    expect(await settle(env, saffron, `board-dropped-${dropped.id}`, "cancelled")).not.toBeNull();
    await socket.expectNothingPending();
    expect(await settle(env, saffron, `board-paid-${paid.id}`, "paid")).not.toBeNull();
    expectBoardEvent(await socket.next(), 1, paid.id, PENDING);
    // A replayed decision changes nothing and says nothing.
    expect(await settle(env, saffron, `board-paid-${paid.id}`, "paid")).toBeNull();
    await socket.expectNothingPending();
  });
});
