// Connecting a restaurant's own Tap account (docs/decisions/0076): its secret key is checked with one
// authenticated call to Tap (the stand-in takes only its `sk_test_demo…` keys), sealed under
// TAP_KEY_SECRET (./seal.ts) and stored in the restaurant's object with its state; never returned,
// logged or exported. A key Tap refuses is recorded as refused with Tap's words (a working key stays).
import type { TapAccountView } from "../../restaurant/tap-rows";
import { restaurantCall, type RestaurantRef } from "../../restaurant/stub";
import { tapApi } from "./api";
import { TAP_COUNTRIES, tapSite } from "./connection";
import { sealTapKey, tapSealKey } from "./seal";

/** A Tap secret key's shape: test or live, Tap's characters. */
export const TAP_SECRET_KEY = /^sk_(test|live)_[A-Za-z0-9_]{8,120}$/;

/** What the console shows: where Tap is offered, and the account's state (never its key). */
export interface TapPaymentsView {
  /** This deploy has Tap and the restaurant's country is one it serves. */
  available: boolean;
  /** Why not: the deploy has no Tap (or no key secret), or Tap serves not the restaurant's country. */
  unavailable: "site" | "country" | null;
  /** The stand-in (DEMO on screen). */
  demo: boolean;
  state: "none" | TapAccountView["state"];
  live: boolean;
  message: string | null;
  updatedAt: number | null;
}

type TapConnectProblem = "unconfigured" | "country" | "refused" | "unreachable";
export type TapConnectOutcome = { ok: true; tap: TapPaymentsView } | { ok: false; problem: TapConnectProblem; tap: TapPaymentsView };

type Tenant = RestaurantRef & { country?: string | null };

const usable = async (env: Env, tenant: Tenant): Promise<{ site: ReturnType<typeof tapSite>; ok: boolean; unavailable: "site" | "country" | null }> => {
  const site = tapSite(env);
  const unavailable = !site || !(await tapSealKey(env)) ? "site" : TAP_COUNTRIES.has((tenant.country ?? "").toUpperCase()) ? null : "country";
  return { site, ok: unavailable === null, unavailable };
};

/** The restaurant's Tap state as the console's payment settings show it. */
export async function tapPayments(env: Env, tenant: Tenant): Promise<TapPaymentsView> {
  const [{ site, ok, unavailable }, account] = await Promise.all([usable(env, tenant), restaurantCall(env, tenant, "tapAccount")]);
  return {
    available: ok,
    unavailable,
    demo: site?.demo ?? false,
    state: account?.state ?? "none",
    live: account?.live ?? false,
    message: account?.message ?? null,
    updatedAt: account?.updated_at ?? null,
  };
}

/** Checks the key with Tap and stores it sealed (or records Tap's refusal); the state after. */
export async function connectTap(env: Env, tenant: Tenant, secretKey: string): Promise<TapConnectOutcome> {
  const { site, ok } = await usable(env, tenant);
  const seal = await tapSealKey(env);
  if (!site || !seal) return { ok: false, problem: "unconfigured", tap: await tapPayments(env, tenant) };
  if (!ok) return { ok: false, problem: "country", tap: await tapPayments(env, tenant) };
  const checked = await tapApi(site.base, secretKey, site.transport).checkKey();
  const live = secretKey.startsWith("sk_live_");
  const now = Date.now();
  if (checked.ok) {
    await restaurantCall(env, tenant, "storeTapAccount", { state: "active", live, sealed: await sealTapKey(seal, tenant.id, secretKey), now });
    return { ok: true, tap: await tapPayments(env, tenant) };
  }
  // Tap's 401/403 is a refusal of the key; anything else says nothing about it.
  if (checked.status !== 401 && checked.status !== 403) return { ok: false, problem: "unreachable", tap: await tapPayments(env, tenant) };
  await restaurantCall(env, tenant, "storeTapAccount", { state: "refused", live, message: checked.message, now });
  return { ok: false, problem: "refused", tap: await tapPayments(env, tenant) };
}

/** Forgets the restaurant's key: its diners no longer pay through Tap. */
export async function forgetTap(env: Env, tenant: Tenant): Promise<TapPaymentsView> {
  await restaurantCall(env, tenant, "forgetTapAccount");
  return tapPayments(env, tenant);
}
