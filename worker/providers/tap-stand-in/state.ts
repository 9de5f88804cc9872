// What Tap's stand-in remembers (docs/tap-stand-in.md), in the HOSTS namespace under `tap-stand-in:` for
// two days: each charge with the key that made it (the stand-in signs its notifications with that key, as
// Tap signs with the merchant's; only ever a stand-in test key, sk_test_demo…), each refund, and each
// idempotency key's first answer. Nothing is kept in an isolate's memory.
const PREFIX = "tap-stand-in:";
const TTL = { expirationTtl: 2 * 86_400 };

export interface StandInCharge {
  id: string;
  status: string;
  amount: number;
  /** The amount as the request wrote it (Tap's decimal text: "3.875"). */
  sent: string;
  currency: string;
  created: string;
  source: string;
  method: string | null;
  gateway: string;
  payment: string;
  reference: { transaction: string; order: string };
  redirect: string;
  post: string;
  country: string;
  lang: "en" | "ar";
  merchant: string;
  /** The key that made it: its calls and notifications use it. */
  key: string;
  /** Minor units refunded so far. */
  refunded: number;
}

export interface StandInRefund {
  id: string;
  status: string;
  amount: number;
  currency: string;
  charge_id: string;
  key: string;
}

export const readCharge = (kv: KVNamespace, id: string) => kv.get<StandInCharge>(`${PREFIX}charge:${id}`, "json");
export const saveCharge = (kv: KVNamespace, charge: StandInCharge) => kv.put(`${PREFIX}charge:${charge.id}`, JSON.stringify(charge), TTL);
export const readRefund = (kv: KVNamespace, id: string) => kv.get<StandInRefund>(`${PREFIX}refund:${id}`, "json");
export const saveRefund = (kv: KVNamespace, refund: StandInRefund) => kv.put(`${PREFIX}refund:${refund.id}`, JSON.stringify(refund), TTL);

/** The object an idempotency key first made (per key and kind), or null. */
export const idempotentId = (kv: KVNamespace, key: string, kind: "charge" | "refund", value: string) => kv.get(`${PREFIX}idem:${kind}:${key}:${value}`);
export const rememberIdempotent = (kv: KVNamespace, key: string, kind: "charge" | "refund", value: string, id: string) =>
  kv.put(`${PREFIX}idem:${kind}:${key}:${value}`, id, TTL);
