// Send, order and sign-up limits, claimed in two Durable Objects keyed by what they limit: the phone's
// (E.164) and the client network's (worker/rules/network-key.ts: an IPv6 client by its /64), never in one
// global object or in D1. Each object claims with one conditional write (./ledger.ts); a claim spanning
// both claims the phone, then the network, and gives the phone's back if the network refuses. A claim
// held for a moment only ever makes a concurrent one refuse, never pass (docs/decisions/0039).
import type { NetworkKey } from "../rules/network-key";
import type { LimitKind, Side } from "./rules";

export { LIMITS, LOCKOUT } from "./rules";

/** What a caller gives back to release a claim: the two objects and the event each wrote. */
export interface ClaimHandle {
  phone: { key: string; id: number };
  network: { key: string; id: number };
}
export type Claim = { ok: true; handle: ClaimHandle } | { ok: false; retryAfter: number };

/** The object that keeps one side's events for `key` (a phone, or a network's tag). */
export const ledgerFor = (env: Env, side: Side, key: string) => env.LIMIT_LEDGER.get(env.LIMIT_LEDGER.idFromName(`${side} ${key}`));

const refused = (...waits: number[]): Claim => ({ ok: false, retryAfter: Math.ceil(Math.max(1, ...waits)) });

/** Claims one event of `kind` for this phone and client network, or says how long until one is free. */
export async function claim(env: Env, kind: LimitKind, phone: string, network: NetworkKey, now = Date.now()): Promise<Claim> {
  const byPhone = ledgerFor(env, "phone", phone);
  const byNetwork = ledgerFor(env, "network", network);
  const first = await byPhone.claim(kind, "phone", now);
  // The wait is until every full window has room, the network's included.
  if (!first.ok) return refused(first.wait, await byNetwork.wait(kind, "network", now));
  const second = await byNetwork.claim(kind, "network", now).catch(async (error: unknown) => {
    await byPhone.release(first.id);
    throw error;
  });
  if (!second.ok) {
    await byPhone.release(first.id);
    return refused(second.wait);
  }
  return { ok: true, handle: { phone: { key: phone, id: first.id }, network: { key: network, id: second.id } } };
}

/** Claims one event of a network-only kind (a call from a table) for this client network; `id` gives it back. */
export async function claimNetwork(
  env: Env,
  kind: LimitKind,
  network: NetworkKey,
  now = Date.now(),
): Promise<{ ok: true; id: number } | { ok: false; retryAfter: number }> {
  const got = await ledgerFor(env, "network", network).claim(kind, "network", now);
  return got.ok ? { ok: true, id: got.id } : { ok: false, retryAfter: Math.ceil(Math.max(1, got.wait)) };
}

/** Gives back a network-only claim (the call was the open one already: nothing new was made). */
export const releaseNetwork = (env: Env, network: NetworkKey, id: number) => ledgerFor(env, "network", network).release(id);

/** Gives a claim back: the provider failed, so the person was not served and must not be charged a try. */
export async function release(env: Env, handle: ClaimHandle): Promise<void> {
  await Promise.all([
    ledgerFor(env, "phone", handle.phone.key).release(handle.phone.id),
    ledgerFor(env, "network", handle.network.key).release(handle.network.id),
  ]);
}
