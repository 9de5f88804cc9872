// The embedded API's additions beside the contract's shapes (./schemas.ts) for service beyond the first
// order (docs/decisions/0055): a call from a table (a waiter, the bill) as worker/contract/service.ts answers it,
// and a stored rating (worker/contract/rating.ts). Other backends have neither (the buttons never show:
// their branches do not say `service_calls`, their orders carry no `rating`).
import * as v from "valibot";

const instant = v.pipe(v.number(), v.integer(), v.minValue(0));
export const ServiceCall = v.object({
  id: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/)),
  channel: v.pipe(v.string(), v.maxLength(64)),
  kind: v.picklist(["waiter", "bill"]),
  pay: v.nullable(v.picklist(["card", "counter"])),
  created_at: instant,
  acknowledged_at: v.nullable(instant),
});
export type ServiceCall = v.InferOutput<typeof ServiceCall>;
export const ServiceCalls = v.pipe(v.array(ServiceCall), v.maxLength(10));

/** A rating stored (worker/contract/rating.ts): the restaurant's review link after a high one, else null. */
export const Rated = v.object({ stars: v.number(), review_url: v.nullable(v.pipe(v.string(), v.url(), v.startsWith("https://"))) });
