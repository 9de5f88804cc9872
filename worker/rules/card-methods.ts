// The ways a diner can pay on a provider's hosted page, as the checkout names them beside its pay button
// (docs/decisions/0079): a Gulf country's own debit network first (KNET in Kuwait, mada in Saudi Arabia,
// Benefit in Bahrain, NAPS in Qatar, OmanNet in Oman), then Apple Pay, then cards, as Tap's page offers
// them (docs/decisions/0076); Stripe's and the demo page's checkout: cards.

export const CARD_METHODS = ["knet", "mada", "benefit", "naps", "omannet", "apple_pay", "card"] as const;
export type CardMethod = (typeof CARD_METHODS)[number];

const LOCAL_NETWORK: Record<string, CardMethod> = { KW: "knet", SA: "mada", BH: "benefit", QA: "naps", OM: "omannet" };

/** Tap's methods for a restaurant of `country` (ISO 3166): its network, Apple Pay, cards. */
export function gulfMethods(country: string): CardMethod[] {
  const local = LOCAL_NETWORK[country.toUpperCase()];
  return local ? [local, "apple_pay", "card"] : ["apple_pay", "card"];
}

export const CARDS_ONLY: readonly CardMethod[] = ["card"];
