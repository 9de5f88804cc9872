// Send, order and sign-up limits, claimed in two Durable Objects keyed by what they limit: the phone's
// (E.164) and the client network's (worker/rules/network-key.ts: an IPv6 client by its /64), never in one
// global object or in D1. A network's claim names the restaurant it is for, and a diner's verified code
// is settled there, so a full restaurant on one address is served (docs/decisions/0078). Each object claims with one conditional write (./ledger.ts); a claim spanning
// both claims the phone, then the network, and gives the phone's back if the network refuses. A claim
// held for a moment only ever makes a concurrent one refuse, never pass (docs/decisions/0039).
import type { NetworkKey } from "../rules/network-key";
import { sha256 } from "../rules/secrets";
import { rulesOf, type LimitKind, type Side } from "./rules";

export { LIMITS, LOCKOUT } from "./rules";

/** What a caller gives back to release a claim: the two objects and the event each wrote. */
export interface ClaimHandle {
  phone: { key: string; id: number };
  /** null: the kind has no network rule (a verified phone's orders), so nothing was written there. */
  network: { key: string; id: number } | null;
}
export type Claim = { ok: true; handle: ClaimHandle } | { ok: false; retryAfter: number };

/** The object that keeps one side's events for `key` (a phone, or a network's tag). */
export const ledgerFor = (env: Env, side: Side, key: string) => env.LIMIT_LEDGER.get(env.LIMIT_LEDGER.idFromName(`${side} ${key}`));

const refused = (...waits: number[]): Claim => ({ ok: false, retryAfter: Math.ceil(Math.max(1, ...waits)) });

/** A phone as a network's object keeps it (to settle its code), never the number itself. */
const phoneTag = async (phone: string) => (await sha256(`limit-tag:${phone}`)).slice(0, 32);

/**
 * Claims one event of `kind` for this phone and client network, at `restaurant` (the network's rules
 * per restaurant count it there), or says how long until one is free.
 */
export async function claim(env: Env, kind: LimitKind, phone: string, network: NetworkKey, now = Date.now(), restaurant: number | null = null): Promise<Claim> {
  if (restaurant === null && rulesOf(kind, "network").some((r) => r.per || r.distinct)) throw new Error(`a ${kind} claim names its restaurant`);
  const byPhone = ledgerFor(env, "phone", phone);
  const first = await byPhone.claim(kind, "phone", now);
  // A kind without network rules (a verified phone's orders) writes nothing in the network's object.
  if (rulesOf(kind, "network").length === 0) {
    return first.ok ? { ok: true, handle: { phone: { key: phone, id: first.id }, network: null } } : refused(first.wait);
  }
  const byNetwork = ledgerFor(env, "network", network);
  // The wait is until every full window has room, the network's included.
  if (!first.ok) return refused(first.wait, await byNetwork.wait(kind, "network", now, restaurant));
  const tag = restaurant === null ? null : await phoneTag(phone);
  const second = await byNetwork.claim(kind, "network", now, restaurant, tag).catch(async (error: unknown) => {
    await byPhone.release(first.id);
    throw error;
  });
  if (!second.ok) {
    await byPhone.release(first.id);
    return refused(second.wait);
  }
  return { ok: true, handle: { phone: { key: phone, id: first.id }, network: { key: network, id: second.id } } };
}

/** The phone entered its code at `restaurant` from this network: that code no longer counts as unverified there. */
export async function settle(env: Env, kind: LimitKind, phone: string, network: NetworkKey, restaurant: number): Promise<void> {
  await ledgerFor(env, "network", network).settle(kind, restaurant, await phoneTag(phone));
}

/** Claims one event of a network-only kind (a call from a table) for this client network at `restaurant`; `id` gives it back. */
export async function claimNetwork(
  env: Env,
  kind: LimitKind,
  network: NetworkKey,
  restaurant: number,
  now = Date.now(),
): Promise<{ ok: true; id: number } | { ok: false; retryAfter: number }> {
  const got = await ledgerFor(env, "network", network).claim(kind, "network", now, restaurant);
  return got.ok ? { ok: true, id: got.id } : { ok: false, retryAfter: Math.ceil(Math.max(1, got.wait)) };
}

/** Gives back a network-only claim (the call was the open one already: nothing new was made). */
export const releaseNetwork = (env: Env, network: NetworkKey, id: number) => ledgerFor(env, "network", network).release(id);

/** Gives a claim back: the provider failed, so the person was not served and must not be charged a try. */
export async function release(env: Env, handle: ClaimHandle): Promise<void> {
  const { phone, network } = handle;
  await Promise.all([ledgerFor(env, "phone", phone.key).release(phone.id), network && ledgerFor(env, "network", network.key).release(network.id)]);
}
