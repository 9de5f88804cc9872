// The marketing site's plan prices in a Gulf visitor's own currency, as a guide beside the AED price
// (issue 40): billing is in AED in every country (a Stripe Price per plan), so these are never charged.
// AED, SAR, QAR, BHD and OMR are pegged to the US dollar, so their cross rates hold; KWD follows a basket
// (its rate as of November 2026, within a percent or two since). Visitors elsewhere see the AED price alone.
// The landing's example dishes are priced in the same currency (./examplePrice), as a menu there would be.
import { currencyOfCountry } from "./currencies";
import { currencyDigits } from "./money";

/** The plans' prices in AED, as app/locales/marketing states them. */
const PLAN_AED = { monthly: 95, annual: 1140 } as const;
const PER_AED: Record<string, number> = { SAR: 3.75 / 3.6725, QAR: 3.64 / 3.6725, BHD: 0.376 / 3.6725, OMR: 0.3845 / 3.6725, KWD: 0.0835 };

export interface PlanGuide {
  currency: string;
  monthly: number;
  annual: number;
}

/** Whole units (a tenth for the three-decimal currencies): a guide, not a price to the fils. */
const rounded = (amount: number, currency: string) => (currencyDigits(currency) === 3 ? Math.round(amount * 10) / 10 : Math.round(amount));

/**
 * An example dish's price, given in AED, in `currency` as a menu there would price it (major units):
 * whole units for the two-decimal currencies, quarters for the three-decimal ones (2.250 KWD), never 0.
 */
export function examplePrice(aed: number, currency: string): number {
  const rate = currency === "AED" ? 1 : PER_AED[currency];
  if (!rate) return aed;
  const step = currencyDigits(currency) === 3 ? 0.25 : 1;
  return Math.max(step, Math.round((aed * rate) / step) * step);
}

/** The plans in the currency of the visitor's country (ISO 3166 code, from Cloudflare), or null: not a Gulf country other than the UAE, or unknown. */
export function planGuide(country: string | null | undefined): PlanGuide | null {
  if (!country) return null;
  const currency = currencyOfCountry(country);
  const rate = PER_AED[currency];
  if (!rate) return null;
  return { currency, monthly: rounded(PLAN_AED.monthly * rate, currency), annual: rounded(PLAN_AED.annual * rate, currency) };
}
