// The board's events in the browser (docs/decisions/0084): the next number applies in place, an older one
// is already in, a gap or a row left out reloads; a fresh read replays what followed it; the console's
// frame does not load again for the board's own reads; 200 boards dropped at once come back spread.
import { describe, expect, it } from "vitest";
import { applyBoardEvent, replayBoardEvents, type BoardRows } from "../../app/components/console/board/board-feed";
import { shouldRevalidate } from "../../app/routes/console/layout";
import { RECONNECT_WINDOW_MS, reconnectDelay } from "../../worker/rules/reconnect";

type Order = BoardRows["orders"][number];
const order = (id: number, status = 0) => ({ id, branch_id: 1, status, num_order: id }) as unknown as Order;
const CALL = "a".repeat(32);
const rows: BoardRows = { seq: 4, orders: [order(9), order(7)], calls: [], printers: [{ id: 2, name: "Hot", last_poll_at: 1 }] };

describe("applyBoardEvent", () => {
  it("applies the next number in place: an order moved, a new one in its place, one gone; a call; a printer", () => {
    const moved = applyBoardEvent(rows, 1, { seq: 5, branch_id: 1, order_id: 7, row: order(7, 1) });
    expect(moved).toEqual({ ...rows, seq: 5, orders: [order(9), order(7, 1)] });
    const added = applyBoardEvent(moved as BoardRows, 1, { seq: 6, branch_id: 1, order_id: 8, row: order(8) }) as BoardRows;
    expect(added.orders.map((o) => o.id)).toEqual([9, 8, 7]);
    expect((applyBoardEvent(added, 1, { seq: 7, branch_id: 1, order_id: 9, row: null }) as BoardRows).orders.map((o) => o.id)).toEqual([8, 7]);
    const call = { public_id: CALL, table_id: 3, kind: "waiter", pay: null, created_at: 5, acknowledged_at: null };
    const called = applyBoardEvent(rows, 1, { seq: 5, branch_id: 1, call: CALL, row: call }) as BoardRows;
    expect(called.calls).toEqual([call]);
    expect((applyBoardEvent(called, 1, { seq: 6, branch_id: 1, call: CALL, row: null }) as BoardRows).calls).toEqual([]);
    const back = applyBoardEvent(rows, 1, { seq: 5, branch_id: 1, printer: 2, row: { id: 2, name: "Hot", last_poll_at: 99 } }) as BoardRows;
    expect(back.printers).toEqual([{ id: 2, name: "Hot", last_poll_at: 99 }]);
  });

  it("ignores an older number and another branch's; reloads on a gap, a row left out or what does not parse", () => {
    expect(applyBoardEvent(rows, 1, { seq: 4, branch_id: 1, order_id: 7, row: order(7, 2) })).toBe("old");
    expect(applyBoardEvent(rows, 1, { seq: 5, branch_id: 2, order_id: 7, row: order(7, 2) })).toBe("old");
    expect(applyBoardEvent(rows, 1, { seq: 6, branch_id: 1, order_id: 7, row: order(7, 2) })).toBe("reload");
    expect(applyBoardEvent(rows, 1, { seq: 5, branch_id: 1, order_id: 7, big: true })).toBe("reload");
    expect(applyBoardEvent(rows, 1, { order_id: 7, status: 1 })).toBe("reload");
    expect(applyBoardEvent(rows, 1, "changed")).toBe("reload");
  });

  it("replays over a fresh read the events that follow it, in their numbers' order, up to a gap", () => {
    const heard = [
      { seq: 7, branch_id: 1, order_id: 9, row: order(9, 2) },
      { seq: 4, branch_id: 1, order_id: 9, row: order(9, 0) },
      { seq: 5, branch_id: 1, order_id: 9, row: order(9, 1) },
      { seq: 9, branch_id: 1, order_id: 7, row: null },
    ];
    const replayed = replayBoardEvents({ ...rows, seq: 5 }, 1, heard);
    expect(replayed.seq).toBe(5); // 6 missing: nothing after the gap
    const next = replayBoardEvents({ ...rows, seq: 6 }, 1, heard);
    expect(next.seq).toBe(7);
    expect(next.orders.find((o) => o.id === 9)?.status).toBe(2);
  });
});

describe("the console's frame", () => {
  const args = (current: string, next: string, formAction?: string) =>
    ({ currentUrl: new URL(current, "http://x"), nextUrl: new URL(next, "http://x"), formAction, defaultShouldRevalidate: true }) as Parameters<
      typeof shouldRevalidate
    >[0];
  it("stays for the board's own reads and taps, loads again for anything else", () => {
    expect(shouldRevalidate(args("/console/orders?branch=1", "/console/orders?branch=1"))).toBe(false);
    expect(shouldRevalidate(args("/console/orders?branch=1", "/console/orders?branch=2"))).toBe(false);
    expect(shouldRevalidate(args("/console/orders", "/console/orders", "/console/orders?branch=1"))).toBe(false);
    expect(shouldRevalidate(args("/console/orders", "/console/orders", "/console/switches"))).toBe(true);
    expect(shouldRevalidate(args("/console/orders", "/console/menu"))).toBe(true);
    expect(shouldRevalidate(args("/console/menu", "/console/menu"))).toBe(true);
  });
});

describe("reconnects after a drop", () => {
  it("spread 200 boards dropped at once over the window: no second takes more than a quarter", () => {
    for (const draws of [Array.from({ length: 200 }, () => Math.random()), Array.from({ length: 200 }, (_, i) => i / 200)]) {
      const delays = draws.map(reconnectDelay);
      expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...delays)).toBeLessThan(RECONNECT_WINDOW_MS);
      expect(Math.max(...delays) - Math.min(...delays)).toBeGreaterThan(RECONNECT_WINDOW_MS * 0.8);
      const perSecond = new Map<number, number>();
      for (const d of delays) perSecond.set(Math.floor(d / 1000), (perSecond.get(Math.floor(d / 1000)) ?? 0) + 1);
      expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(50);
    }
    expect(reconnectDelay(0.999999999)).toBeLessThan(RECONNECT_WINDOW_MS);
    expect(reconnectDelay(-1)).toBe(0);
  });
});
