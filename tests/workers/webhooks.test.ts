// Order webhooks (docs/decisions/0056) inside workerd against the restaurant's real object and the real
// queue, posting to the loopback receiver stand-in (tests/stand-ins/webhook-receiver.ts): an order's whole
// life arrives signed and in order; a 500 is retried after its backoff while the order's next event waits;
// one claim wins under 50 concurrent ones; the endpoint bound holds under 50 concurrent adds; a re-send
// happens once; an endpoint failing for days is switched off with a notice; an import sends nothing; bad
// input and another restaurant's ids are refused with the right status. A failing endpoint goes to the slow
// lane one delivery at a time, and a receiver that hangs does not delay one that answers (decision 0087).
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { apiApp } from "../../worker/contract/catalogue";
import worker from "../../worker/index";
import { claimAttempt, recordAttempt } from "../../worker/restaurant/webhook-deliveries";
import type { RestaurantDump } from "../../worker/restaurant/dump";
import { restaurantObject } from "../../worker/restaurant/stub";
import { BUSY_RETRY_MS, IN_FLIGHT } from "../../worker/rules/webhook-lanes";
import { verifySignature } from "../../worker/webhooks/signature";
import type { Recorded } from "../stand-ins/server";
import { catalogueRow, catalogueRun } from "./catalogue";
import { consolePost, seedMember } from "./console-members";
import { ordersOf, SAFFRON_ID } from "./restaurant-rows";

const GRILL_ID = 2;
const standIns = () => inject("standIns");
const saffron = ordersOf(SAFFRON_ID);
const received = async (key: string) => (await (await fetch(`${standIns()}/_log/webhooks?key=${key}`)).json()) as Recorded[];
const site = (path: string, init: RequestInit) => worker.fetch(new Request(`http://localhost${path}`, init), env, createExecutionContext());

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let owner: { cookie: string };
let grillOwner: { cookie: string };
let product: { id: number };
beforeAll(async () => {
  owner = await seedMember(SAFFRON_ID, "owner");
  grillOwner = await seedMember(GRILL_ID, "owner");
  product = (await catalogueRow<{ id: number }>(
    SAFFRON_ID,
    "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND p.hidden = 0 AND p.unavailable = 0 LIMIT 1",
  ))!;
  await catalogueRun(SAFFRON_ID, "UPDATE branches SET payment_mode = 'both', active_order = 1 WHERE id = 1");
});

/** Adds an endpoint on the console as the owner would, answering the secret shown once. */
async function addEndpoint(url: string, who = owner): Promise<{ status: number; secret: string | null; html: string }> {
  const res = await consolePost("/console/webhooks", who.cookie, { intent: "add", url });
  const html = await res.text();
  return { status: res.status, secret: /data-testid="webhook-secret"[^>]*>(whsec_[0-9a-f]+)</.exec(html)?.[1] ?? null, html };
}
const removeAll = async () =>
  saffron.batch([
    saffron.prepare("DELETE FROM webhook_attempts"),
    saffron.prepare("DELETE FROM webhook_deliveries"),
    saffron.prepare("DELETE FROM webhook_endpoints"),
  ]);

let seq = 0;
/** A card order at saffron's branch 1, then paid on the demo pay page: its id. */
async function paidCardOrder(): Promise<number> {
  seq += 1;
  const started = await apiApp.request(
    "/orderPayment",
    {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": `203.0.117.${seq}` },
      body: JSON.stringify({
        domain: "saffron",
        branch_id: 1,
        items: JSON.stringify([{ product_id: product.id, amount: 2 }]),
        nameCustomer: "ليلى",
        phoneCustomer: `05581${String(Date.now() % 10_000).padStart(4, "0")}${seq}`,
        success_url: "http://localhost/saffron/1/orders?paid={CHECKOUT_SESSION_ID}",
        cancel_url: "http://localhost/saffron/1/cart",
        lang: "ar",
      }),
    },
    env,
  );
  expect(started.status).toBe(200);
  const { url, order_id } = ((await started.json()) as { data: { url: string; order_id: number } }).data;
  const paid = await site(new URL(url).pathname, {
    method: "POST",
    body: new URLSearchParams({ decision: "pay" }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(paid.status).toBe(303);
  return order_id;
}
const move = (orderId: number, status: number) =>
  consolePost("/console/orders?branch=1", owner.cookie, { intent: "move", order_id: String(orderId), status: String(status) });

describe("an order's life on an endpoint", () => {
  it("arrives whole, signed with the endpoint's secret, in order, each event once with its own id", { timeout: 30_000 }, async () => {
    await removeAll();
    const key = `life-${crypto.randomUUID().slice(0, 8)}`;
    const { status, secret } = await addEndpoint(`${standIns()}/hooks/${key}`);
    expect(status).toBe(200);
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    const orderId = await paidCardOrder();
    expect((await move(orderId, 1)).status).toBeLessThan(400);
    expect((await move(orderId, 3)).status).toBeLessThan(400); // cancelled: the demo refund follows
    const got = await until(
      () => received(key),
      (r) => r.length >= 5,
    );
    expect(got.map((r) => r.json && (r.json as { type: string }).type)).toEqual([
      "order.placed",
      "order.paid",
      "order.status_changed",
      "order.cancelled",
      "order.refunded",
    ]);
    for (const request of got) {
      expect(await verifySignature(secret!, request.body!, request.headers["menu-signature"]!, Math.floor(Date.now() / 1000))).toBe(true);
      expect(request.headers["menu-event-id"]).toBe((request.json as { id: string }).id);
    }
    expect(new Set(got.map((r) => (r.json as { id: string }).id)).size).toBe(5);
    const placed = got[0]!.json as {
      data: { order: { id: number; status: string; paid: boolean; customer: { name: string }; items: { quantity: number; name: { ar: string } }[] } };
    };
    expect(placed.data.order).toMatchObject({ id: orderId, status: "pending", paid: false, customer: { name: "ليلى" } });
    expect(placed.data.order.items[0]!.quantity).toBe(2);
    expect((placed.data.order as unknown as { created_at: string }).created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
    const states = got.map((r) => (r.json as { data: { order: { status: string; paid: boolean } } }).data.order);
    expect(states.map((s) => s.status)).toEqual(["pending", "pending", "inProcess", "canceled", "canceled"]);
    expect((got[4]!.json as { data: { refund: { amount_minor: number } } }).data.refund.amount_minor).toBeGreaterThan(0);
    // The console's log shows each delivery and its answer.
    const page = await (await site("/console/webhooks", { headers: { cookie: owner.cookie } })).text();
    expect(page.match(/data-testid="webhook-delivery"/g)).toHaveLength(5);
    expect(page.match(/data-testid="webhook-attempt" data-code="200"/g)).toHaveLength(5);
  });

  it("retries a 500 after its backoff, and the order's next event waits for it", { timeout: 40_000 }, async () => {
    await removeAll();
    const key = `fail-once-${crypto.randomUUID().slice(0, 8)}`;
    await addEndpoint(`${standIns()}/hooks/${key}`);
    await paidCardOrder();
    const got = await until(
      () => received(key),
      (r) => r.length >= 3,
      30_000,
    );
    const types = got.map((r) => (r.json as { type: string }).type);
    expect(types).toEqual(["order.placed", "order.placed", "order.paid"]);
    expect((got[0]!.json as { id: string }).id).toBe((got[1]!.json as { id: string }).id);
    expect((got[1]!.json as { attempt: number }).attempt).toBe(2);
    const page = await (await site("/console/webhooks", { headers: { cookie: owner.cookie } })).text();
    expect(page).toMatch(/data-testid="webhook-attempt" data-code="500"/);
  });
});

describe("claims and bounds under concurrency", () => {
  /** A delivery to `endpoint` that the queue does not take (queued just now): only the test's claims reach it. */
  async function heldDelivery(endpoint: number): Promise<number> {
    const now = Date.now();
    const eventId = `evt_${crypto.randomUUID().replace(/-/g, "")}`;
    const [, delivery] = await saffron.batch<{ id: number }>([
      saffron.prepare("INSERT INTO webhook_events (event_id, type, created_at) VALUES (?, 'test', ?)").bind(eventId, now),
      saffron
        .prepare(
          "INSERT INTO webhook_deliveries (event_id, endpoint_id, next_at, queued_at, updated_at) SELECT id, ?, ?2, ?2, ?2 FROM webhook_events WHERE event_id = ?3 RETURNING id",
        )
        .bind(endpoint, now, eventId),
    ]);
    return delivery!.results[0]!.id;
  }
  const endpointId = async () => (await saffron.prepare("SELECT id FROM webhook_endpoints ORDER BY id DESC LIMIT 1").first<{ id: number }>())!.id;

  it("50 concurrent claims of one delivery: one attempt", async () => {
    await removeAll();
    await addEndpoint(`${standIns()}/hooks/claims`);
    const delivery = await heldDelivery(await endpointId());
    const claims = await Promise.all(Array.from({ length: 50 }, () => claimAttempt(saffron, delivery)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(claims.find(Boolean)!.attempt).toBe(1);
  });

  it("lanes: a failing endpoint's delivery is handed back by the main lane and taken by the slow one, singly; a healthy one's four at a time", async () => {
    await removeAll();
    await addEndpoint(`${standIns()}/hooks/lanes`);
    const endpoint = await endpointId();
    const row = (delivery: number) =>
      saffron.prepare("SELECT queued_at, next_at, started_at FROM webhook_deliveries WHERE id = ?").bind(delivery).first<Record<string, number | null>>();
    const healthy = await Promise.all(Array.from({ length: 5 }, () => heldDelivery(endpoint)));
    const now = Date.now();
    const claims = await Promise.all(healthy.map((delivery) => claimAttempt(saffron, delivery, now, "main")));
    expect(claims.filter(Boolean)).toHaveLength(IN_FLIGHT.main);
    // Handed back, due again BUSY_RETRY_MS later (queued_at is cleared for the object to queue it again).
    const busy = healthy[claims.findIndex((claim) => !claim)]!;
    expect(await row(busy)).toMatchObject({ next_at: now + BUSY_RETRY_MS, started_at: null });

    await removeAll();
    await addEndpoint(`${standIns()}/hooks/lanes-failing`);
    const failing = await endpointId();
    await saffron
      .prepare("UPDATE webhook_endpoints SET failing_since = ? WHERE id = ?")
      .bind(Date.now() - 60_000, failing)
      .run();
    const [first, second] = [await heldDelivery(failing), await heldDelivery(failing)];
    const [dueAt, later] = [(await row(second))!.next_at, Date.now()];
    expect(await claimAttempt(saffron, first, later, "slow")).not.toBeNull();
    // From the main lane: handed back as it was, to go to the slow lane at once (the slow queue's batch waits ≥ 1 s).
    expect(await claimAttempt(saffron, second, later, "main")).toBeNull();
    expect(await row(second)).toMatchObject({ next_at: dueAt, started_at: null });
    // From the slow lane: one in flight at a time.
    expect(await claimAttempt(saffron, second, later, "slow")).toBeNull();
    expect((await row(second))!.next_at).toBeGreaterThanOrEqual(later + BUSY_RETRY_MS);
  });

  it("50 concurrent adds: the restaurant's five endpoints, the rest 409", async () => {
    await removeAll();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => addEndpoint(`https://pos${i}.example.com/hooks`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(45);
    expect((await saffron.prepare("SELECT count(*) AS n FROM webhook_endpoints").first<{ n: number }>())!.n).toBe(5);
  });

  it("50 concurrent re-sends of a failed delivery: sent once, the rest 409", async () => {
    await removeAll();
    await addEndpoint(`${standIns()}/hooks/resend-${crypto.randomUUID().slice(0, 8)}`);
    const delivery = await heldDelivery(await endpointId());
    await saffron.prepare("UPDATE webhook_deliveries SET state = 'failed', attempts = 11 WHERE id = ?").bind(delivery).run();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => consolePost("/console/webhooks", owner.cookie, { intent: "resend", delivery: String(delivery) })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(49);
  });

  it("an endpoint failing for three days is switched off, its waiting deliveries failed, with a notice", async () => {
    await removeAll();
    await addEndpoint(`${standIns()}/hooks/fail-always-days`);
    const endpoint = await endpointId();
    const [first, second] = [await heldDelivery(endpoint), await heldDelivery(endpoint)];
    const start = Date.now() - 4 * 86_400_000;
    await saffron.prepare("UPDATE webhook_deliveries SET next_at = ? WHERE id = ?").bind(start, first).run();
    const claimed = (await claimAttempt(saffron, first, start))!;
    expect(await recordAttempt(saffron, first, claimed.attempt, { ok: false, response_code: 500, error: "HTTP 500" }, start)).toBe(false);
    const again = (await claimAttempt(saffron, first, Date.now() + 60_000))!;
    expect(await recordAttempt(saffron, first, again.attempt, { ok: false, response_code: 500, error: "HTTP 500" })).toBe(true);
    const states = await saffron
      .prepare("SELECT id, state FROM webhook_deliveries WHERE id IN (?, ?) ORDER BY id")
      .bind(first, second)
      .all<{ state: string }>();
    expect(states.results.map((r) => r.state)).toEqual(["failed", "failed"]); // switched off: nothing waits for it
    const page = await (await site("/console/webhooks", { headers: { cookie: owner.cookie } })).text();
    expect(page).toContain('data-testid="webhook-switched-off"');
    // Switched off, it gets no new events; switched on, it does.
    await paidCardOrder();
    expect((await saffron.prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE endpoint_id = ?").bind(endpoint).first<{ n: number }>())!.n).toBe(2);
    expect((await consolePost("/console/webhooks", owner.cookie, { intent: "switchOn", id: String(endpoint) })).status).toBe(200);
    await paidCardOrder();
    expect((await saffron.prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE endpoint_id = ?").bind(endpoint).first<{ n: number }>())!.n).toBe(4);
  });
});

describe("what is refused", () => {
  it("URLs that are not public HTTPS, bad fields, other restaurants' ids and other roles", async () => {
    await removeAll();
    for (const [url, problem] of [
      ["http://pos.example.com/hooks", "Use an https:// address."],
      ["https://192.168.1.20/hooks", "Use a public address"],
      ["https://169.254.169.254/latest", "Use a public address"],
      ["not a url", "This is not a web address."],
      [`https://pos.example.com/${"x".repeat(300)}`, "This is not a web address."],
    ] as const) {
      const answer = await addEndpoint(url);
      expect(answer.status, url).toBe(422);
      expect(answer.html, url).toContain(problem);
    }
    expect((await consolePost("/console/webhooks", owner.cookie, { intent: "nonsense" })).status).toBe(400);
    expect((await consolePost("/console/webhooks", owner.cookie, { intent: "test", id: "abc" })).status).toBe(400);
    expect((await consolePost("/console/webhooks", owner.cookie, { intent: "resend", delivery: "999999" })).status).toBe(404);
    const { status, html } = await addEndpoint("https://pos.example.com/saffron");
    expect(status, html.slice(0, 3000)).toBe(200);
    const id = String((await saffron.prepare("SELECT id FROM webhook_endpoints").first<{ id: number }>())!.id);
    // Grill's owner names saffron's endpoint: not theirs, so not found (grill has none of that id).
    expect((await consolePost("/console/webhooks", grillOwner.cookie, { intent: "remove", id })).status).toBe(404);
    expect((await consolePost("/console/webhooks", grillOwner.cookie, { intent: "test", id })).status).toBe(404);
    const manager = await seedMember(SAFFRON_ID, "manager");
    expect((await consolePost("/console/webhooks", manager.cookie, { intent: "remove", id })).status).toBe(403);
    expect((await site("/console/webhooks", { headers: { cookie: manager.cookie } })).status).toBe(403);
    expect((await consolePost("/console/webhooks", owner.cookie, { intent: "remove", id })).status).toBe(200);
  });

  it("a redirect is not followed: it is a failed attempt", async () => {
    await removeAll();
    const key = `moved-${crypto.randomUUID().slice(0, 8)}`;
    await addEndpoint(`${standIns()}/hooks/${key}`);
    expect(
      (
        await consolePost("/console/webhooks", owner.cookie, {
          intent: "test",
          id: String((await saffron.prepare("SELECT id FROM webhook_endpoints").first<{ id: number }>())!.id),
        })
      ).status,
    ).toBe(200);
    const attempt = await until(
      () => saffron.prepare("SELECT response_code, ok FROM webhook_attempts ORDER BY id DESC LIMIT 1").first<{ response_code: number; ok: number }>(),
      (row) => row !== null,
    );
    expect(attempt).toEqual({ response_code: 303, ok: 0 });
  });

  it("an import of the restaurant's own file sends nothing for the orders in it", async () => {
    await removeAll();
    await addEndpoint("https://pos.example.com/import");
    const object = restaurantObject(env, { id: SAFFRON_ID });
    const dump = (await object.exportData(SAFFRON_ID)) as unknown as RestaurantDump;
    const before = dump.tables.webhook_deliveries?.length ?? 0;
    const result = await object.importData(dump, { restaurant: SAFFRON_ID, allowOther: false });
    expect(result.ok).toBe(true);
    expect((await saffron.prepare("SELECT count(*) AS n FROM webhook_deliveries").first<{ n: number }>())!.n).toBe(before);
  });
});

describe("a receiver that hangs and one that answers (docs/decisions/0087)", () => {
  // Last in the file: the hanging attempt holds the slow lane for its 10 s.
  it("the fast receiver's events arrive within 5 s while the hanging one's first is still in flight", { timeout: 30_000 }, async () => {
    await removeAll();
    const hang = `hang-${crypto.randomUUID().slice(0, 8)}`;
    await addEndpoint(`${standIns()}/hooks/${hang}`);
    // It hung before (failing since a minute ago), as a receiver that hangs is after its first 10 s.
    await saffron
      .prepare("UPDATE webhook_endpoints SET failing_since = ?")
      .bind(Date.now() - 60_000)
      .run();
    await paidCardOrder();
    const inFlight = () =>
      saffron
        .prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE state = 'pending' AND started_at IS NOT NULL AND claim IS NOT NULL")
        .first<{ n: number }>();
    expect((await until(inFlight, (r) => r!.n > 0, 5_000))!.n).toBe(1);
    // The other receiver is added now, so its deliveries are queued while the hanging one holds its batch.
    const fast = `quick-${crypto.randomUUID().slice(0, 8)}`;
    await addEndpoint(`${standIns()}/hooks/${fast}`);
    const start = Date.now();
    await paidCardOrder();
    const got = await until(
      () => received(fast),
      (r) => r.length >= 2,
      12_000,
    );
    const took = Date.now() - start;
    expect(got.map((r) => (r.json as { type: string }).type)).toEqual(["order.placed", "order.paid"]);
    // Two hops of the main queue (its batch waits ≤ 1 s; the paid event waits for the placed one's answer).
    expect(took).toBeLessThan(5_000);
    // Meanwhile the hanging receiver has had one request, still unanswered, and nothing more.
    expect((await inFlight())!.n).toBe(1);
    expect(await received(hang)).toHaveLength(1);
    expect((await saffron.prepare("SELECT count(*) AS n FROM webhook_attempts").first<{ n: number }>())!.n).toBe(2); // the fast one's two
  });
});
