// The diner's name and phone, kept on this device (localStorage `diner:{domain}`, like the cart) so the
// next order, or the checkout after a cancelled card payment, starts filled; "Forget my details" removes
// them. Per restaurant: a number as written locally is read with that restaurant's country, and one
// restaurant's page never shows what was typed for another. Stored text is parsed, never trusted.
import * as v from "valibot";

export const detailsKey = (domain: string) => `diner:${domain}`;

const Details = v.object({ name: v.pipe(v.string(), v.maxLength(100)), phone: v.pipe(v.string(), v.maxLength(40)) });
export type DinerDetails = v.InferOutput<typeof Details>;

/** The kept details, or null (none, storage off, or a value that does not parse). */
export function readDetails(domain: string): DinerDetails | null {
  try {
    const parsed = v.safeParse(Details, JSON.parse(localStorage.getItem(detailsKey(domain)) ?? "null"));
    return parsed.success && (parsed.output.name || parsed.output.phone) ? parsed.output : null;
  } catch {
    return null;
  }
}

/** Keeps what was typed (trimmed); both empty keeps nothing. Returns what is kept now. */
export function keepDetails(domain: string, typed: { name: string; phone: string }): DinerDetails | null {
  const details = { name: typed.name.trim().slice(0, 100), phone: typed.phone.trim().slice(0, 40) };
  if (!details.name && !details.phone) return readDetails(domain);
  try {
    localStorage.setItem(detailsKey(domain), JSON.stringify(details));
    return details;
  } catch {
    return null; // storage disabled: nothing is kept
  }
}

export function forgetDetails(domain: string) {
  try {
    localStorage.removeItem(detailsKey(domain));
  } catch {
    // storage disabled: nothing was kept
  }
}
