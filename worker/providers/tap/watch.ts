// Tap posts only a charge's final states, and a diner may close Tap's page after paying (or leave it
// unpaid): each Tap session is looked at again once its page's time is up (docs/decisions/0081). Opening a
// session queues a message on PAYMENTS (wrangler.toml) due five minutes after the charge's own expiry; the
// consumer re-reads the charge with the restaurant's key and decides it by ./decide.ts's one rule: paid
// once, or closed unpaid (a charge still INITIATED after its expiry can no longer be paid). A charge Tap is
// still processing is looked at again later, a few times, then left to the notification and logged.
import * as v from "valibot";
import { orderRestaurant } from "../../directory/order-restaurants";
import { restaurantCall } from "../../restaurant/stub";
import { settle } from "../../restaurant/settle";
import { PAYMENT_TTL_MS } from "../payments";
import { restaurantTap } from "./connection";
import { decideCharge } from "./decide";

export const PAYMENTS_QUEUE = "menu-payments";

const Watch = v.object({ restaurant: v.pipe(v.number(), v.integer(), v.minValue(1)), session: v.pipe(v.string(), v.maxLength(200)), round: v.number() });
type Watch = v.InferOutput<typeof Watch>;

/** After the page's time (and Tap's expiry of its charge, the same), then later and later (the queue's delay is at most 12 hours). */
const DELAYS_S = [PAYMENT_TTL_MS / 1000 + 300, 3600, 6 * 3600, 12 * 3600];

/** Queues the session's look once its page's time is up; a failure to queue is logged, never the diner's. */
export async function watchTapSession(env: Env, restaurant: number, session: string, round = 0): Promise<void> {
  if (round >= DELAYS_S.length) {
    console.error(JSON.stringify({ event: "tap.session_undecided", restaurant, session }));
    return;
  }
  try {
    await env.PAYMENTS.send({ restaurant, session, round } satisfies Watch, { delaySeconds: DELAYS_S[round] });
  } catch (error) {
    console.error("tap: queueing the session's look failed", error instanceof Error ? error.name : "error");
  }
}

/** Looks at one session: decided already, nothing; else its charge re-read and decided, or looked at again later. */
export async function lookAtSession(env: Env, watch: Watch, now = Date.now()): Promise<"decided" | "waiting" | "gone"> {
  const restaurant = await orderRestaurant(env.DB, watch.restaurant);
  const session = restaurant && (await restaurantCall(env, restaurant, "tapSession", watch.session));
  if (!restaurant || !session || session.status !== "open") return "gone";
  // No charge was ever made for it (its creation failed, and the diner was told): nothing can be paid.
  if (!session.charge_id) {
    await settle(env, restaurant, session.id, "cancelled");
    return "decided";
  }
  const tap = await restaurantTap(env, restaurant);
  const read = tap && (await tap.api.retrieveCharge(session.charge_id));
  if (read?.ok) {
    const { meaning } = await decideCharge(env, restaurant, session, read.value, { expired: session.expires_at < now });
    if (meaning === "paid" || meaning === "failed") return "decided";
  }
  // Tap not answering, still processing, or the key forgotten meanwhile: later.
  await watchTapSession(env, watch.restaurant, watch.session, watch.round + 1);
  return "waiting";
}

/** The PAYMENTS queue's consumer: each message a session to look at; a malformed one is dropped. */
export async function lookAtSessions(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  await Promise.all(
    batch.messages.map(async (message) => {
      const watch = v.safeParse(Watch, message.body);
      try {
        if (watch.success) await lookAtSession(env, watch.output);
        message.ack();
      } catch (error) {
        console.error("tap: looking at a session failed", error instanceof Error ? error.name : "error");
        message.retry({ delaySeconds: 60 });
      }
    }),
  );
}
