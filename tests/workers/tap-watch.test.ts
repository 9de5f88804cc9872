// Tap sessions looked at again once their page's time is up (docs/decisions/0081), against Tap's stand-in:
// a diner who paid on Tap's page and closed it, with no notification ever coming, has the order paid once
// (one invoice) under 20 looks at once, a late notification and return changing nothing; a charge still INITIATED after
// its expiry is closed unpaid; one Tap is still processing waits for a later look; a session whose charge
// was never made is closed; the queue's consumer drops a malformed message and acks it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { orderRestaurant } from "../../worker/directory/order-restaurants";
import { restaurantCall } from "../../worker/restaurant/stub";
import { lookAtSession, lookAtSessions } from "../../worker/providers/tap/watch";
import { PAYMENT_TTL_MS } from "../../worker/providers/payments";
import { readCharge, saveCharge } from "../../worker/providers/tap-stand-in/state";
import { ordersOf } from "./restaurant-rows";
import { chargeOf, checkout, notification, notify, settleAtTap, site, tapRestaurant } from "./tap-restaurant";

const stateOf = (restaurant: number, order: number) =>
  ordersOf(restaurant)
    .prepare(
      "SELECT o.paid, o.status, (SELECT count(*) FROM invoices WHERE order_id = o.id) AS invoices, (SELECT group_concat(status) FROM payment_sessions WHERE order_id = o.id) AS sessions FROM orders o WHERE o.id = ?",
    )
    .bind(order)
    .first<{ paid: number; status: number; invoices: number; sessions: string }>();

const sessionOf = async (restaurant: number, order: number) =>
  (await ordersOf(restaurant).prepare("SELECT id FROM payment_sessions WHERE order_id = ?").bind(order).first<{ id: string }>())!.id;

const later = Date.now() + PAYMENT_TTL_MS + 10 * 60_000;

describe("a Tap session looked at once its page's time is up", { timeout: 60_000 }, () => {
  it("marks a paid charge's order paid once, with one invoice, under 20 looks at once with no notification; a late notification or return changes nothing", async () => {
    const r = await tapRestaurant("KW", 3875);
    const { url, order_id } = await checkout(r);
    const charge = await settleAtTap(chargeOf(url), "CAPTURED");
    const session = await sessionOf(r.id, order_id);
    const watch = { restaurant: r.id, session, round: 0 };
    // No notification and no return: the looks alone decide it, once.
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => lookAtSession(env, watch, later)));
    expect(outcomes.filter((o) => o === "decided").length).toBeGreaterThanOrEqual(1);
    expect(outcomes.every((o) => o === "decided" || o === "gone")).toBe(true);
    expect(await stateOf(r.id, order_id)).toMatchObject({ paid: 1, invoices: 1, sessions: "paid" });
    // The notification and the return coming late change nothing more.
    expect((await notify(r.id, await notification(charge))).status).toBe(409);
    expect((await site(`/api/tap/return/${session}?tap_id=${charge.id}`)).status).toBe(303);
    expect(await stateOf(r.id, order_id)).toMatchObject({ paid: 1, invoices: 1, sessions: "paid" });
    // Decided: a later look changes nothing.
    expect(await lookAtSession(env, watch, later)).toBe("gone");
  });

  it("closes a charge still INITIATED after its expiry unpaid, and waits for one still within it or processing", async () => {
    const r = await tapRestaurant("SA", 2500);
    const { url, order_id } = await checkout(r);
    const session = await sessionOf(r.id, order_id);
    const watch = { restaurant: r.id, session, round: 0 };
    // Within the page's time: the diner may still pay.
    expect(await lookAtSession(env, watch, Date.now())).toBe("waiting");
    expect((await stateOf(r.id, order_id))!.sessions).toBe("open");
    // Tap still processing after the expiry: not decided either.
    const charge = (await readCharge(env.HOSTS, chargeOf(url)))!;
    await saveCharge(env.HOSTS, { ...charge, status: "IN_PROGRESS" });
    expect(await lookAtSession(env, watch, later)).toBe("waiting");
    // Never paid, past the charge's expiry: closed unpaid, the order not taken.
    await saveCharge(env.HOSTS, { ...charge, status: "INITIATED" });
    expect(await lookAtSession(env, watch, later)).toBe("decided");
    expect(await stateOf(r.id, order_id)).toMatchObject({ paid: 0, invoices: 0, sessions: "cancelled" });
  });

  it("closes a session whose charge was never made, and its consumer acks a malformed message without a look", async () => {
    const r = await tapRestaurant("BH", 2500);
    const restaurant = (await orderRestaurant(env.DB, r.id))!;
    const { url, order_id } = await checkout(r);
    const session = await sessionOf(r.id, order_id);
    // As if Tap had refused the charge after the session was stored.
    await ordersOf(r.id).prepare("UPDATE payment_sessions SET charge_id = NULL, url = NULL WHERE id = ?").bind(session).run();
    expect(url).toContain("chg_");
    // The checkout queued its look on the deploy's queue (wrangler.toml), not a log line.
    expect(typeof env.PAYMENTS.send).toBe("function");
    const acked: string[] = [];
    const message = (body: unknown, id: string) => ({
      id,
      body,
      timestamp: new Date(),
      attempts: 1,
      ack: () => acked.push(id),
      retry: () => acked.push(`retry ${id}`),
    });
    const batch = {
      queue: "menu-payments",
      messages: [message({ restaurant: r.id, session, round: 0 }, "a"), message({ nonsense: true }, "b")],
      ackAll() {},
      retryAll() {},
    };
    await lookAtSessions(batch as unknown as MessageBatch<unknown>, env);
    expect(acked.sort()).toEqual(["a", "b"]);
    expect(await stateOf(r.id, order_id)).toMatchObject({ paid: 0, sessions: "cancelled" });
    expect(await restaurantCall(env, restaurant, "tapSession", session)).toMatchObject({ status: "cancelled" });
  });
});
