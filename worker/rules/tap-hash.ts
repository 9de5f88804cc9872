// Tap's `hashstring` (docs/decisions/0076; developers.tap.company/docs/webhook): the header of each
// notification is HMAC-SHA256, lower-case hex, under the merchant's secret key, of the charge's canonical
// string x_id…x_amount…x_currency…x_gateway_reference…x_payment_reference…x_status…x_created…, the amount
// written with the currency's decimals (./tap-amount.ts). Compared in constant time (./hmac.ts).
import { hmacSha256Hex, timingSafeEqualHex } from "./hmac";
import { tapAmount } from "./tap-amount";

/** The fields of a charge (or an authorize) the string is made of; amount in minor units. */
export interface HashedCharge {
  id: string;
  amount: number;
  currency: string;
  gateway: string;
  payment: string;
  status: string;
  created: string;
}

/** The canonical string Tap signs for a charge. */
export const tapCanonical = (c: HashedCharge): string =>
  `x_id${c.id}x_amount${tapAmount(c.amount, c.currency)}x_currency${c.currency}x_gateway_reference${c.gateway}x_payment_reference${c.payment}x_status${c.status}x_created${c.created}`;

/** The hashstring Tap sends with the charge, under `secretKey`. */
export const tapHashstring = (secretKey: string, c: HashedCharge): Promise<string> => hmacSha256Hex(secretKey, tapCanonical(c));

/** Whether `header` is the charge's hashstring under `secretKey` (constant time; a missing or malformed header never is). */
export async function tapHashMatches(secretKey: string, c: HashedCharge, header: string | null | undefined): Promise<boolean> {
  const given = (header ?? "").trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqualHex(await tapHashstring(secretKey, c), given);
}
