// Tap Payments on the restaurant's own rows (docs/decisions/0076; worker/providers/tap calls these by
// name): the restaurant's Tap account (its key only ever sealed, read back only by the provider that
// opens it), the Tap payment sessions beside the demo's and Stripe's, and a Tap refund's later word.
import type { SqlStore } from "./sql-bridge";
import { insertSession, type NewSession } from "./payment-session-rows";
import { providerRefundDecided } from "./refund-rows";

/** The account as the console shows it: never the key, sealed or not. */
export interface TapAccountView {
  state: "active" | "refused";
  live: boolean;
  message: string | null;
  updated_at: number;
  /** Which provider takes its diners' cards where Stripe serves it too (docs/decisions/0079). */
  cards_through: "tap" | "stripe";
}

export async function tapAccount(db: SqlStore, _restaurantId: number): Promise<TapAccountView | null> {
  const row = await db
    .prepare("SELECT state, live, message, updated_at, cards_through FROM tap_account WHERE id = 1")
    .first<{ state: "active" | "refused"; live: number; message: string | null; updated_at: number; cards_through: "tap" | "stripe" }>();
  return row && { state: row.state, live: row.live === 1, message: row.message, updated_at: row.updated_at, cards_through: row.cards_through };
}

/** The owner's choice of provider where both serve; false when no active account holds it. */
export async function chooseCardsThrough(db: SqlStore, _restaurantId: number, through: "tap" | "stripe", now: number): Promise<boolean> {
  const done = await db.prepare("UPDATE tap_account SET cards_through = ?1, updated_at = ?2 WHERE id = 1 AND state = 'active'").bind(through, now).run();
  return done.meta.changes === 1;
}

/** The sealed key of an active account (worker/providers/tap/connection.ts opens it), or null. */
export const sealedTapKey = async (db: SqlStore, _restaurantId: number) =>
  (await db.prepare("SELECT key_sealed FROM tap_account WHERE id = 1 AND state = 'active'").first<{ key_sealed: string }>())?.key_sealed ?? null;

/**
 * Stores what connecting found: an accepted key (sealed) replaces whatever was there; a refused one is
 * recorded only where no active key is, so a mistyped new key never stops a working one. The account as it now is.
 */
export async function storeTapAccount(
  db: SqlStore,
  restaurantId: number,
  found: { state: "active"; live: boolean; sealed: string; now: number } | { state: "refused"; live: boolean; message: string; now: number },
): Promise<TapAccountView | null> {
  const sealed = found.state === "active" ? found.sealed : null;
  const message = found.state === "refused" ? found.message.slice(0, 300) : null;
  await db
    .prepare(
      `INSERT INTO tap_account (id, state, live, key_sealed, message, updated_at) VALUES (1, ?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (id) DO UPDATE SET state = ?1, live = ?2, key_sealed = ?3, message = ?4, updated_at = ?5 WHERE ?1 = 'active' OR tap_account.state <> 'active'`,
    )
    .bind(found.state, found.live ? 1 : 0, sealed, message, found.now)
    .run();
  return tapAccount(db, restaurantId);
}

/** Forgets the account and its key (Tap is then refused for this restaurant). */
export async function forgetTapAccount(db: SqlStore, _restaurantId: number) {
  await db.prepare("DELETE FROM tap_account").run();
}

/** A Tap session just opened for the order, before its charge is created (the session's id is the charge's idempotency key). */
export const addTapSession = (db: SqlStore, _restaurantId: number, session: NewSession) => insertSession(db, session, "tap");

/** The charge Tap created for the session, and its hosted page (kept once). */
export async function setTapCharge(db: SqlStore, _restaurantId: number, sessionId: string, chargeId: string, url: string) {
  await db
    .prepare("UPDATE payment_sessions SET charge_id = ?2, url = ?3 WHERE id = ?1 AND provider = 'tap' AND charge_id IS NULL")
    .bind(sessionId, chargeId, url)
    .run();
}

/** The order's open Tap page still open after `openAfter` (a retry of the same order goes back to it), or null. */
export const openTapPage = async (db: SqlStore, _restaurantId: number, orderId: number, openAfter: number) =>
  (
    await db
      .prepare(
        "SELECT url FROM payment_sessions WHERE order_id = ? AND provider = 'tap' AND status = 'open' AND url IS NOT NULL AND expires_at > ? ORDER BY created_at DESC LIMIT 1",
      )
      .bind(orderId, openAfter)
      .first<{ url: string }>()
  )?.url ?? null;

/** A Tap session with its order's money, as the return and the notification check a charge against it. */
export interface TapSessionRow {
  id: string;
  order_id: number;
  success_url: string;
  cancel_url: string;
  status: "open" | "paid" | "cancelled";
  charge_id: string | null;
  expires_at: number;
  total_minor: number;
  currency: string;
}

const TAP_SESSION = `SELECT s.id, s.order_id, s.success_url, s.cancel_url, s.status, s.charge_id, s.expires_at, o.total_minor, o.currency
  FROM payment_sessions s JOIN orders o ON o.id = s.order_id WHERE s.provider = 'tap'`;

/** The session by its id (the return names it), or null when it is not a Tap session of this restaurant. */
export const tapSession = (db: SqlStore, _restaurantId: number, sessionId: string) =>
  db.prepare(`${TAP_SESSION} AND s.id = ?`).bind(sessionId).first<TapSessionRow>();

/** The session of a charge (a notification names the charge), or null when no session of this restaurant has it. */
export const tapSessionOfCharge = (db: SqlStore, _restaurantId: number, chargeId: string) =>
  db.prepare(`${TAP_SESSION} AND s.charge_id = ?`).bind(chargeId).first<TapSessionRow>();

/** Tap's later word on a refund it answered pending (re-read from Tap): only a pending Tap refund changes; the order's channels when it did. */
export const tapRefundDecided = providerRefundDecided("tap");
