// The board that applies changes rather than rereading (docs/decisions/0084), through the whole worker:
// each event carries the branch's next sequence number and the changed row as the board's own read lists
// it (an order, a call from a table, a printer), bounded in size; a board's full read costs at most two
// D1 statements (Server-Timing) and reports the number it is current to; a removed member's board reads
// on from its copy for at most MEMBER_COPY_MS, while their taps and their socket's signature are refused at once.
// Seed: saffron (restaurant 1, branches 1 and 2).
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { apiApp } from "../../worker/contract/catalogue";
import { copiedSessionMembers, MEMBER_COPY_MS } from "../../worker/console/member-cache";
import { branchOrdersChannel } from "../../worker/realtime/channels";
import { BOARD_EVENT_MAX_CHARS, boardEventData } from "../../worker/restaurant/board-events";
import { restaurantCall } from "../../worker/restaurant/stub";
import { catalogueRun } from "./catalogue";
import { seedMember } from "./console-members";
import { connect, type Frame } from "./realtime-socket";
import { SAFFRON_ID, seedOrder } from "./restaurant-rows";

/** The demo's grill house (restaurant 2, branch 3): its members change in no other test of this file. */
const GRILL_ID = 2;
import { TEST_REALTIME_SECRET } from "./secrets";

const saffron = { id: SAFFRON_ID };

/** The board's own read after an event (single fetch, the frame's loader left out as the board asks it). */
const boardRead = (cookie: string, branch = 1) =>
  exports.default.fetch(`http://localhost/console/orders.data?branch=${branch}&_routes=routes%2Fconsole%2Forders`, { headers: { cookie } });
const d1Statements = (res: Response) => Number(/(?:^|,\s*)d1;desc="(\d+)"/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN);
const form = (cookie: string, path: string, fields: Record<string, string>) =>
  exports.default.fetch(`http://localhost${path}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(fields),
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
  });

async function boardSocket(branchId: number) {
  const socket = await connect();
  const channel = branchOrdersChannel(branchId);
  const { createHmac } = await import("node:crypto");
  const auth = `menu-local-key:${createHmac("sha256", TEST_REALTIME_SECRET).update(`${socket.socketId}:${channel}`).digest("hex")}`;
  socket.send({ event: "pusher:subscribe", data: { channel, auth } });
  expect((await socket.next()).event).toBe("pusher_internal:subscription_succeeded");
  return socket;
}
const dataOf = (frame: Frame) => JSON.parse(frame.data as string);
const view = (branchId: number) => restaurantCall(env, saffron, "boardView", branchId, "Asia/Dubai", Date.now());

let manager: { cookie: string };
beforeAll(async () => {
  manager = await seedMember(SAFFRON_ID, "manager");
  await catalogueRun(SAFFRON_ID, "UPDATE branches SET service_calls = 1 WHERE id = 1");
});

describe("a board event", () => {
  it("carries the branch's next number and the row the board's read lists; another branch's numbers are its own", async () => {
    const socket = await boardSocket(1);
    const other = await boardSocket(2);
    const o = await seedOrder(SAFFRON_ID, 1);
    const before = await view(1);
    const otherBefore = (await view(2)).seq;
    for (const status of [1, 2]) {
      expect((await form(manager.cookie, "/console/orders?branch=1", { intent: "move", order_id: String(o.id), status: String(status) })).status).toBe(200);
      const event = dataOf(await socket.next());
      expect(event.seq).toBe(before.seq + status);
      // Exactly the row a full read lists now.
      const now = await view(1);
      expect(now.seq).toBe(event.seq);
      expect(event).toEqual({ branch_id: 1, seq: event.seq, order_id: o.id, row: now.orders.find((r) => r.id === o.id) });
    }
    // A call from a table, then its answer: the call's row, then none (it leaves the board).
    const called = await apiApp.request(
      "/service/call",
      {
        method: "POST",
        body: JSON.stringify({ domain: "saffron", branch_id: 1, table_id: 5, kind: "waiter" }),
        headers: { "content-type": "application/json" },
      },
      env,
    );
    expect(called.status).toBe(200);
    const made = dataOf(await socket.next());
    expect(made).toMatchObject({ branch_id: 1, seq: before.seq + 3, row: { table_id: 5, kind: "waiter", acknowledged_at: null } });
    expect((await form(manager.cookie, "/console/orders?branch=1", { intent: "ack", call: made.call })).status).toBe(200);
    expect(dataOf(await socket.next())).toEqual({ branch_id: 1, seq: before.seq + 4, call: made.call, row: null });
    expect((await view(2)).seq).toBe(otherBefore);
    await other.expectNothingPending();
  });

  it("leaves out a row over the bound (the board reads again)", async () => {
    const row = { id: 7, note: "x".repeat(BOARD_EVENT_MAX_CHARS) };
    const data = boardEventData(1, { seq: 9, order_id: 7, row: row as never });
    expect(data.length).toBeLessThanOrEqual(BOARD_EVENT_MAX_CHARS);
    expect(JSON.parse(data)).toEqual({ branch_id: 1, seq: 9, order_id: 7, big: true });
    const small = boardEventData(1, { seq: 9, order_id: 7, row: { ...row, note: "x" } as never });
    expect(JSON.parse(small)).toMatchObject({ row: { note: "x" } });
  });
});

describe("a board's full read", () => {
  it("costs at most two D1 statements, none once this place's copies are warm, and says which change it is current to", async () => {
    const reader = await seedMember(SAFFRON_ID, "staff", [1]);
    const counts = [];
    for (let i = 0; i < 2; i++) {
      const res = await boardRead(reader.cookie);
      expect(res.status).toBe(200);
      counts.push(d1Statements(res) || 0);
      expect(await res.text()).toContain('"seq"');
    }
    // The session with the memberships (and the restaurant's directory row, if this place has none); then
    // the member's copy and the cached row (the SMS budget's) spare both.
    expect(counts[0]).toBeGreaterThanOrEqual(1);
    expect(counts[0]).toBeLessThanOrEqual(2);
    expect(counts[1]).toBe(0);
  });

  it("and the board's taps and signatures cost no D1 statement once the member's copy is made (the object says the members did not change)", async () => {
    const cook = await seedMember(GRILL_ID, "manager");
    expect(d1Statements(await boardRead(cook.cookie, 3))).toBe(2);
    const o = await seedOrder(GRILL_ID, 3);
    // The first tap may read the restaurant's directory row into this place's cache; none after.
    const taps = [];
    for (const status of ["1", "2"]) {
      const tap = await form(cook.cookie, "/console/orders.data?branch=3", { intent: "move", order_id: String(o.id), status });
      expect(tap.status).toBe(200);
      taps.push(d1Statements(tap) || 0);
    }
    expect(taps[0]).toBeLessThanOrEqual(1);
    expect(taps[1]).toBe(0);
    const signed = await form(cook.cookie, "/console/realtime/auth", { socket_id: "1.2", channel_name: branchOrdersChannel(3) });
    expect(signed.status).toBe(200);
    expect(d1Statements(signed) || 0).toBe(0);
  });

  it("of a member removed through the staff screen is refused at once, read, tap and signature, their copy young as it is", async () => {
    const owner = await seedMember(SAFFRON_ID, "owner");
    const leaving = await seedMember(SAFFRON_ID, "staff", [1]);
    expect((await boardRead(leaving.cookie)).status).toBe(200);
    const o = await seedOrder(SAFFRON_ID, 1);
    // Their copy now holds; the owner removes them (the staff screen's own form).
    expect((await form(owner.cookie, "/console/staff", { intent: "remove", member: String(leaving.memberId) })).status).toBeLessThan(400);
    expect(await env.DB.prepare("SELECT 1 FROM members WHERE id = ?").bind(leaving.memberId).first()).toBeNull();
    // No membership left: the read and the tap are sent to the invitations, the signature refused.
    // (single fetch's redirect: a 202 whose body names it)
    const gone = await boardRead(leaving.cookie);
    expect(await gone.text()).toContain('"SingleFetchRedirect",1],{"_2":3,"_4":5,"_6":7,"_8":7,"_9":7},"redirect","/console/invitations"');
    expect((await form(leaving.cookie, "/console/orders?branch=1", { intent: "move", order_id: String(o.id), status: "1" })).status).toBe(302);
    const signed = await form(leaving.cookie, "/console/realtime/auth", { socket_id: "1.2", channel_name: branchOrdersChannel(1) });
    expect(signed.status).toBe(403);
  });

  it("of a member who left, or signed out everywhere, is refused at once too", async () => {
    const leaver = await seedMember(SAFFRON_ID, "staff", [1]);
    const everywhere = await seedMember(SAFFRON_ID, "manager");
    for (const m of [leaver, everywhere]) expect((await boardRead(m.cookie)).status).toBe(200);
    expect((await form(leaver.cookie, "/console/security", { intent: "leave" })).status).toBe(303);
    expect((await form(everywhere.cookie, "/console/security", { intent: "everywhere" })).status).toBe(303);
    expect(await (await boardRead(leaver.cookie)).text()).toContain('"redirect","/console/invitations"');
    expect(await (await boardRead(everywhere.cookie)).text()).toContain('"redirect","/console/sign-in');
  });

  it("trusts a copy for MEMBER_COPY_MS at most, whatever the cache keeps (a change no door marked: D1 straight)", async () => {
    const leaving = await seedMember(GRILL_ID, "staff", [3]);
    const id = leaving.cookie.slice("console=".length);
    const choose = (user: { memberships: { restaurant_id: number }[] }) => user.memberships[0] as never;
    const t0 = Date.now() + 10_000; // after any mark another test made
    expect((await copiedSessionMembers(env, id, choose, t0))?.memberships.map((m) => m.restaurant_id)).toEqual([GRILL_ID]);
    await env.DB.prepare("DELETE FROM members WHERE id = ?").bind(leaving.memberId).run();
    expect((await copiedSessionMembers(env, id, choose, t0 + MEMBER_COPY_MS - 1))?.memberships).toHaveLength(1);
    expect((await copiedSessionMembers(env, id, choose, t0 + MEMBER_COPY_MS + 1))?.memberships).toEqual([]);
  });
});
