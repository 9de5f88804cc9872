// Kitchen printers over Star CloudPRNT (docs/decisions/0057) through the whole worker: the
// trigger queues a ticket when an order is accepted (any path, not on other moves, not on an import),
// the poll → fetch → confirm cycle (text and a 576-dot PNG), a ticket printed exactly once under 50
// concurrent confirmations, a ticket surviving an offline printer and a failed print, pairing and MAC
// checks, another restaurant's key, bad bodies and queries (400/413/415/422); a quiet poll written once a minute.
import { env, runInDurableObject } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BOARD_EVENT, branchOrdersChannel } from "../../worker/realtime/channels";
import { schemaVersion } from "../../worker/restaurant/schema";
import { PRINTER_OFFLINE_MS, PRINTER_POLL_WRITE_MS } from "../../worker/rules/printers";
import { slugProblem } from "../../worker/rules/reserved";
import { restaurantObject } from "../../worker/restaurant/stub";
import type { RestaurantDump } from "../../worker/restaurant/dump";
import { catalogueRow, catalogueRun, GRILL_ID } from "./catalogue";
import { consolePost, seedMember } from "./console-members";
import { json } from "./helpers";
import { confirm, fetchJob, jobsOf, MAC, noPrinters, order, OTHER_MAC, poll, printer, setStatus, site } from "./kitchen-printer-rows";
import { connect } from "./realtime-socket";
import { SAFFRON_ID } from "./restaurant-rows";
import { TEST_REALTIME_SECRET } from "./secrets";

/** The signature of a private channel (the board's), as the console's auth endpoint makes it. */
async function channelAuth(socketId: string, channel: string) {
  const { createHmac } = await import("node:crypto");
  return `menu-local-key:${createHmac("sha256", TEST_REALTIME_SECRET).update(`${socketId}:${channel}`).digest("hex")}`;
}

let owner: string;
beforeAll(async () => {
  owner = (await seedMember(SAFFRON_ID, "owner")).cookie;
});
beforeEach(noPrinters);

describe("the ticket queue", () => {
  it("queues one ticket per paired printer of the branch when an order is accepted, and none on other moves or for other branches", async () => {
    const hot = await printer();
    const cold = await printer(OTHER_MAC);
    const unpaired = await printer(null);
    const elsewhere = await printer(MAC, 2);
    const o = await order();
    expect(await jobsOf(o.id)).toEqual([]);
    await setStatus(o.id, 1);
    const jobs = await jobsOf(o.id);
    expect(jobs.map((j) => j.printer_id).sort()).toEqual([hot.id, cold.id].sort());
    expect(jobs.every((j) => j.reason === "order" && /^[0-9a-f]{32}$/.test(j.token) && j.printed_at === null)).toBe(true);
    expect(new Set(jobs.map((j) => j.token)).size).toBe(2);
    // Ready, and a cancel, queue nothing more; neither does a cancelled pending order.
    await setStatus(o.id, 2);
    expect(await jobsOf(o.id)).toHaveLength(2);
    const cancelled = await order();
    await setStatus(cancelled.id, 3);
    expect(await jobsOf(cancelled.id)).toEqual([]);
    expect(unpaired.id).not.toBe(elsewhere.id);
  });

  it("queues tickets when the board accepts an order, not when an import brings accepted orders in", async () => {
    const hot = await printer();
    const o = await order();
    const res = await consolePost("/console/orders?branch=1", owner, { intent: "move", order_id: String(o.id), status: "1" });
    expect(res.status).toBe(200);
    expect((await jobsOf(o.id)).map((j) => j.printer_id)).toEqual([hot.id]);
    // The restaurant's file, its tickets left out, into a fresh object: its accepted orders print nothing there.
    const dump = (await restaurantObject(env, { id: SAFFRON_ID }).exportData(SAFFRON_ID)) as unknown as RestaurantDump;
    expect(dump.tables.printers!.length).toBeGreaterThan(0);
    expect(dump.tables.orders!.some((row) => row.status === 1)).toBe(true);
    const fresh = env.RESTAURANT.get(env.RESTAURANT.newUniqueId());
    expect(await fresh.importData({ ...dump, tables: { ...dump.tables, print_jobs: [] } }, { restaurant: SAFFRON_ID, allowOther: false })).toMatchObject({
      ok: true,
    });
    const jobs = await runInDurableObject(fresh, (_o, state) => state.storage.sql.exec("SELECT count(*) AS n FROM print_jobs").one().n);
    expect(jobs).toBe(0);
  });
});

describe("a printer's poll, fetch and confirmation", () => {
  it("offers the oldest waiting ticket, serves it as text as often as asked, and takes it off once printed", async () => {
    const p = await printer();
    const first = await order();
    const second = await order();
    await setStatus(second.id, 1);
    await setStatus(first.id, 1);
    const [older] = await jobsOf(second.id);
    const polled = await poll(p.key);
    expect(polled.status).toBe(200);
    expect(polled.headers.get("cache-control")).toBe("no-store");
    expect(await json(polled)).toEqual({ jobReady: true, mediaTypes: ["image/png", "text/plain"], jobToken: older!.token });
    const row = await catalogueRow<{ last_poll_at: number; status: string }>(SAFFRON_ID, "SELECT last_poll_at, status FROM printers WHERE id = ?", p.id);
    expect(row!.status).toBe("200 OK");
    expect(Date.now() - row!.last_poll_at).toBeLessThan(5000);

    const texts = await Promise.all([fetchJob(p.key, older!.token), fetchJob(p.key, older!.token)]);
    for (const res of texts) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    }
    const ticket = await texts[0]!.text();
    expect(await texts[1]!.text()).toBe(ticket);
    // The ticket's names come from the directory row this place's cache keeps: a warm fetch reads no D1 (docs/scale.md).
    const timing = (await fetchJob(p.key, older!.token)).headers.get("server-timing") ?? "";
    expect(timing).toMatch(/do-restaurant/);
    expect(timing).not.toMatch(/(^|, ?)d1;/);
    for (const text of [
      `Order #${second.num_order}`,
      "Table 7",
      "سارة",
      "2 x Falafel",
      "فلافل",
      "Sauce: Tahini",
      "الصلصة: طحينة",
      "ملاحظة: بدون بصل",
      "Note: Ring twice",
      "Placed ",
    ])
      expect(ticket).toContain(text);
    // Fetching changed nothing.
    expect((await jobsOf(second.id))[0]).toMatchObject({ printed_at: null, attempts: 0 });
    expect((await fetchJob(p.key, older!.token, "image/x-unknown")).status).toBe(415);
    // The image: a PNG 576 dots wide (80 mm paper), the same on a second fetch.
    const images = await Promise.all([fetchJob(p.key, older!.token, "image/png"), fetchJob(p.key, older!.token, "image/png")]);
    expect(images.map((r) => r.headers.get("content-type"))).toEqual(["image/png", "image/png"]);
    const [png, again] = await Promise.all(images.map(async (r) => new Uint8Array(await r.arrayBuffer())));
    expect([...png!.slice(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
    expect(new DataView(png!.buffer).getUint32(16)).toBe(576);
    expect(again).toEqual(png);

    expect((await confirm(p.key, older!.token)).status).toBe(200);
    expect((await jobsOf(second.id))[0]).toMatchObject({ attempts: 1, last_code: "200 OK" });
    expect((await fetchJob(p.key, older!.token)).status).toBe(404);
    // Next: the other order's ticket, then nothing.
    const next = await json(await poll(p.key));
    expect(next.jobToken).toBe((await jobsOf(first.id))[0]!.token);
    expect((await confirm(p.key, next.jobToken, "OK")).status).toBe(200);
    expect(await json(await poll(p.key))).toEqual({ jobReady: false });
  });

  it("writes a poll that changes nothing at most once a minute, and a new status at once (docs/decisions/0087)", async () => {
    const p = await printer();
    const stored = async () =>
      (await catalogueRow<{ last_poll_at: number; status: string }>(SAFFRON_ID, "SELECT last_poll_at, status FROM printers WHERE id = ?", p.id))!;
    const back = (ms: number) => catalogueRun(SAFFRON_ID, "UPDATE printers SET last_poll_at = ?, status = '200 OK' WHERE id = ?", Date.now() - ms, p.id);
    await back(PRINTER_POLL_WRITE_MS - 5_000);
    const before = await stored();
    expect((await poll(p.key)).status).toBe(200);
    expect(await stored()).toEqual(before); // 55 s ago: not written
    await back(PRINTER_POLL_WRITE_MS + 1_000);
    await poll(p.key);
    expect(Date.now() - (await stored()).last_poll_at).toBeLessThan(5_000);
    await back(5_000);
    await poll(p.key, { statusCode: "410%20Out%20of%20paper", printerMAC: MAC });
    expect(await stored()).toMatchObject({ status: "410 Out of paper" });
    expect(Date.now() - (await stored()).last_poll_at).toBeLessThan(5_000);
    // The stored time of a printer polling every 5 s is never old enough to read as offline.
    expect(PRINTER_POLL_WRITE_MS + 5_000).toBeLessThan(PRINTER_OFFLINE_MS);
  });

  it("prints a ticket exactly once under 50 concurrent confirmations (one 200, 49 × 409)", async () => {
    const p = await printer();
    const o = await order();
    await setStatus(o.id, 1);
    const { jobToken } = await json(await poll(p.key));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? confirm(p.key, jobToken) : site(`/cloudprnt/${p.key}?mac=${MAC}&code=200%20OK&token=${jobToken}&delete`))),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const [job] = await jobsOf(o.id);
    expect(job!.printed_at).toBeGreaterThan(0);
    expect(job!.attempts).toBe(1);
  });

  it("keeps a ticket for a printer that is offline and through a failed print, then prints it when the printer is back", async () => {
    const p = await printer();
    await catalogueRun(SAFFRON_ID, "UPDATE printers SET last_poll_at = ? WHERE id = ?", Date.now() - 10 * 60_000, p.id);
    const o = await order();
    await setStatus(o.id, 1);
    // The branch's board hears the printer come back (its offline notice goes).
    const socket = await connect();
    const channel = branchOrdersChannel(1);
    socket.send({ event: "pusher:subscribe", data: { channel, auth: await channelAuth(socket.socketId, channel) } });
    expect((await socket.next()).event).toBe("pusher_internal:subscription_succeeded");
    const { jobToken } = await json(await poll(p.key));
    expect(jobToken).toBe((await jobsOf(o.id))[0]!.token);
    const back = await socket.next();
    expect(back).toMatchObject({ event: BOARD_EVENT, channel });
    expect(JSON.parse(back.data as string)).toMatchObject({ branch_id: 1, printer: p.id, row: { id: p.id, last_poll_at: expect.any(Number) } });

    // The download timed out: the ticket waits, counted, and is offered again.
    const failed = await confirm(p.key, jobToken, "520 Timeout");
    expect(failed.status).toBe(200);
    expect(await json(failed)).toEqual({ ok: true, printed: false });
    expect((await jobsOf(o.id))[0]).toMatchObject({ printed_at: null, attempts: 1, last_code: "520 Timeout" });
    expect((await json(await poll(p.key))).jobToken).toBe(jobToken);
    expect((await fetchJob(p.key, jobToken)).status).toBe(200);
    expect((await confirm(p.key, jobToken, "200%20OK")).status).toBe(200);
    expect((await jobsOf(o.id))[0]).toMatchObject({ attempts: 2, last_code: "200 OK" });
    expect((await jobsOf(o.id))[0]!.printed_at).toBeGreaterThan(0);
  });

  it("stops offering a ticket after 10 failed prints, or 6 hours after it was queued", async () => {
    const p = await printer();
    const failing = await order();
    await setStatus(failing.id, 1);
    const { jobToken } = await json(await poll(p.key));
    for (let i = 0; i < 10; i++) expect((await confirm(p.key, jobToken, "511 Media decoding error")).status).toBe(200);
    expect(await json(await poll(p.key))).toEqual({ jobReady: false });
    const stale = await order();
    await setStatus(stale.id, 1);
    await catalogueRun(SAFFRON_ID, "UPDATE print_jobs SET created_at = created_at - 6 * 3600000 - 1000 WHERE order_id = ?", stale.id);
    expect(await json(await poll(p.key))).toEqual({ jobReady: false });
    expect((await jobsOf(stale.id))[0]!.printed_at).toBeNull();
  });

  it("records the MAC an unpaired printer polls with and gives it nothing; a paired one asked with another MAC gets 403", async () => {
    const fresh = await printer(null);
    expect(await json(await poll(fresh.key, { statusCode: "200 OK", printerMAC: "00-11-62-aa-bb-cc" }))).toEqual({ jobReady: false });
    const seen = await catalogueRow<{ seen_mac: string; mac: null; last_poll_at: number }>(
      SAFFRON_ID,
      "SELECT seen_mac, mac, last_poll_at FROM printers WHERE id = ?",
      fresh.id,
    );
    expect(seen).toMatchObject({ seen_mac: MAC, mac: null });
    expect(seen!.last_poll_at).toBeGreaterThan(0);

    const p = await printer();
    const o = await order();
    await setStatus(o.id, 1);
    const { jobToken } = await json(await poll(p.key));
    const before = await catalogueRow<{ last_poll_at: number }>(SAFFRON_ID, "SELECT last_poll_at FROM printers WHERE id = ?", p.id);
    const stranger = await poll(p.key, { statusCode: "200 OK", printerMAC: OTHER_MAC });
    expect(stranger.status).toBe(403);
    expect((await json(stranger)).jobReady).toBe(false);
    expect((await poll(p.key, { statusCode: "200 OK" })).status).toBe(403);
    expect((await fetchJob(p.key, jobToken, "text/plain", OTHER_MAC)).status).toBe(403);
    expect((await confirm(p.key, jobToken, "200 OK", OTHER_MAC)).status).toBe(403);
    expect((await jobsOf(o.id))[0]).toMatchObject({ printed_at: null, attempts: 0 });
    expect(await catalogueRow(SAFFRON_ID, "SELECT last_poll_at FROM printers WHERE id = ?", p.id)).toEqual(before);
  });

  it("answers 404 to a key that is not a printer's: another restaurant's, a wrong secret, a made-up restaurant (whose object stays empty)", async () => {
    const grill = await printer(MAC, 3, GRILL_ID);
    const [restaurant, id, secret] = grill.key.split("-");
    const keys = [
      `${SAFFRON_ID}-${id}-${secret}`,
      `${restaurant}-${id}-${"0".repeat(32)}`,
      `${restaurant}-${Number(id) + 100}-${secret}`,
      `987654-${id}-${secret}`,
      "not-a-key",
      `${grill.key}0`,
    ];
    for (const key of keys) {
      expect((await poll(key)).status, key).toBe(404);
      expect((await fetchJob(key, "a".repeat(32))).status, key).toBe(404);
      expect((await confirm(key, "a".repeat(32))).status, key).toBe(404);
    }
    const madeUp = restaurantObject(env, { id: 987654 });
    // No restaurant can be called "cloudprnt": its pages would be the printers' endpoint.
    expect(slugProblem("cloudprnt")).toBe("reserved");
    expect(await runInDurableObject(madeUp, (_o, state) => schemaVersion(state.storage.sql))).toBe(0);
    // The key itself works.
    expect((await poll(grill.key)).status).toBe(200);
  });

  it("refuses bad bodies (400 not JSON, 422 wrong shape, 413 too large) and bad queries (400), changing nothing", async () => {
    const p = await printer();
    const body = async (res: Response) => ({ status: res.status, error: (await json(res)).error as string });
    expect(await body(await poll(p.key, "{not json"))).toMatchObject({ status: 400 });
    expect(await body(await poll(p.key, "[1,2]"))).toMatchObject({ status: 422 });
    expect(await body(await poll(p.key, { printerMAC: MAC }))).toEqual({ status: 422, error: "statusCode: required" });
    expect((await poll(p.key, { statusCode: "fine", printerMAC: MAC })).status).toBe(422);
    expect((await poll(p.key, { statusCode: "200 OK", printerMAC: "zz:zz" })).status).toBe(422);
    expect((await poll(p.key, { statusCode: 200, printerMAC: MAC })).status).toBe(422);
    expect((await poll(p.key, { statusCode: "200 OK", printerMAC: MAC, padding: "x".repeat(20_000) })).status).toBe(413);
    const token = "b".repeat(32);
    const bad = [
      `?type=text/plain&mac=${MAC}`,
      `?type=text/plain&mac=${MAC}&token=short`,
      `?type=text/plain&mac=nope&token=${token}`,
      `?mac=${MAC}&token=${token}`,
      `?type=text/plain&mac=${MAC}&token=${token}&token=${token}`,
    ];
    for (const q of bad) expect((await site(`/cloudprnt/${p.key}${q}`)).status, q).toBe(400);
    for (const q of [`?mac=${MAC}&token=${token}`, `?mac=${MAC}&code=nope&token=${token}`, `?mac=${MAC}&code=200&token=x`])
      expect((await site(`/cloudprnt/${p.key}${q}`, { method: "DELETE" })).status, q).toBe(400);
    expect((await site(`/cloudprnt/${p.key}`, { method: "PUT" })).status).toBe(404);
    expect(await catalogueRow(SAFFRON_ID, "SELECT status FROM printers WHERE id = ?", p.id)).toEqual({ status: null });
  });
});
