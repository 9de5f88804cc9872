// The platform's subscriptions (D1 `subscriptions`) and the billing webhook's seen events
// (`stripe_events`): read by restaurant, marked to end, a demo trial started, and each Stripe Billing
// event's change applied with its record in one batch. worker/providers/billing/ decides what changes.
import type { Plan } from "./signup";

export interface SubscriptionRow {
  restaurant_id: number;
  plan: Plan;
  status: "incomplete" | "trialing" | "active" | "past_due" | "canceled";
  provider: "stripe" | "demo";
  customer_id: string | null;
  subscription_id: string | null;
  trial_ends_at: number | null;
  current_period_end: number | null;
  cancel_at_period_end: number;
  past_due_since: number | null;
  event_at: number;
  updated_at: number;
}

export const subscriptionOf = (db: D1Database, restaurantId: number) =>
  db.prepare("SELECT * FROM subscriptions WHERE restaurant_id = ?").bind(restaurantId).first<SubscriptionRow>();

/** The subscription ends with its period (the provider was told, or is the demo). */
export async function markCancelAtPeriodEnd(db: D1Database, restaurantId: number, now: number): Promise<void> {
  await db.prepare("UPDATE subscriptions SET cancel_at_period_end = 1, updated_at = ? WHERE restaurant_id = ?").bind(now, restaurantId).run();
}

/** An incomplete demo subscription starts its trial, ending at `end`; false when there was none to start. */
export async function startDemoSubscription(db: D1Database, restaurantId: number, end: number, now: number): Promise<boolean> {
  const done = await db
    .prepare(
      "UPDATE subscriptions SET status = 'trialing', trial_ends_at = ?, current_period_end = ?, updated_at = ? WHERE restaurant_id = ? AND provider = 'demo' AND status = 'incomplete'",
    )
    .bind(end, end, now, restaurantId)
    .run();
  return done.meta.changes === 1;
}

/** What a Stripe Billing event changes in a subscription (times in unix ms), as the webhook read it. */
export type SubscriptionChange =
  | { kind: "checkout"; customer: string | null; subscription: string | null; restaurantId: number }
  | {
      kind: "subscription";
      status: SubscriptionRow["status"];
      id: string;
      customer: string | null;
      trialEnd: number | null;
      periodEnd: number | null;
      cancelAtPeriodEnd: 0 | 1;
      at: number;
      restaurantId: number;
    }
  | { kind: "invoice"; paid: boolean; subscription: string; at: number };

function changeStatement(db: D1Database, change: SubscriptionChange, now: number): D1PreparedStatement {
  if (change.kind === "checkout") {
    return db
      .prepare(
        `UPDATE subscriptions SET customer_id = COALESCE(?1, customer_id), subscription_id = COALESCE(?2, subscription_id), updated_at = ?3
       WHERE restaurant_id = ?4 AND provider = 'stripe' RETURNING restaurant_id`,
      )
      .bind(change.customer, change.subscription, now, change.restaurantId);
  }
  if (change.kind === "subscription") {
    return db
      .prepare(
        `UPDATE subscriptions SET status = ?1, subscription_id = ?2, customer_id = ?3, trial_ends_at = ?4, current_period_end = ?5,
         cancel_at_period_end = ?6, past_due_since = CASE WHEN ?1 = 'past_due' THEN COALESCE(past_due_since, ?7) ELSE NULL END,
         event_at = ?7, updated_at = ?8
       WHERE provider = 'stripe' AND event_at <= ?7
         AND (subscription_id = ?2 OR (subscription_id IS NULL AND restaurant_id = ?9))
       RETURNING restaurant_id`,
      )
      .bind(change.status, change.id, change.customer, change.trialEnd, change.periodEnd, change.cancelAtPeriodEnd, change.at, now, change.restaurantId);
  }
  // Paid: a past-due subscription is active again (a trial's zero invoice leaves the trial alone).
  // Failed: a renewal is owed; the grace period counts from the first failure.
  const set = change.paid
    ? "status = CASE WHEN status = 'past_due' THEN 'active' ELSE status END, past_due_since = NULL"
    : "status = CASE WHEN status IN ('trialing', 'active', 'past_due') THEN 'past_due' ELSE status END, past_due_since = CASE WHEN status IN ('trialing', 'active', 'past_due') THEN COALESCE(past_due_since, ?1) ELSE past_due_since END";
  return db
    .prepare(
      `UPDATE subscriptions SET ${set}, event_at = ?1, updated_at = ?2 WHERE subscription_id = ?3 AND provider = 'stripe' AND event_at <= ?1 RETURNING restaurant_id`,
    )
    .bind(change.at, now, change.subscription);
}

/** A billing event already handled (its id recorded). */
export const billingEventSeen = async (db: D1Database, eventId: string) =>
  (await db.prepare("SELECT 1 FROM stripe_events WHERE id = ?").bind(eventId).first()) !== null;

/**
 * Records the event and applies its change (none: only recorded) in one batch: the restaurant whose
 * subscription changed, or undefined when none did.
 */
export async function applyBillingEvent(db: D1Database, event: { id: string; type: string }, change: SubscriptionChange | null, now: number) {
  const record = db.prepare("INSERT INTO stripe_events (id, type, received_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING").bind(event.id, event.type, now);
  if (!change) {
    await record.run();
    return undefined;
  }
  const [updated] = await db.batch<{ restaurant_id: number }>([changeStatement(db, change, now), record]);
  return updated!.results[0]?.restaurant_id;
}
