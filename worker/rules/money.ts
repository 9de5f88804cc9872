// The one home of money's units (docs/decisions/0052): each restaurant prices in its
// own currency, and every amount is rounded, shown and sent to a provider with that currency's ISO 4217
// minor digits (2 for AED and SAR, 3 for KWD, BHD, OMR and JOD, 0 for JPY), read through Intl. Pure:
// the diner's bundle, the console and the worker import it (the list of currencies is ./currencies.ts,
// which the diner's bundle never loads).

/** The currency's minor digits (ISO 4217, as Intl knows them): AED 2, KWD 3, JPY 0; 2 for what is no currency code. */
export const currencyDigits = (currency: string): number =>
  /^[a-z]{3}$/i.test(currency) ? (new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2) : 2;

/** An amount rounded to the currency's minor unit (12.345 KWD stays, 12.345 AED → 12.35). */
export const roundMoney = (amount: number, currency: string) => minorUnits(amount, currency) / 10 ** currencyDigits(currency);

/** An amount in the currency's smallest unit, as Stripe takes it: 12.5 AED → 1250, 3.25 KWD → 3250, 500 JPY → 500. */
export const minorUnits = (amount: number, currency: string) => Math.round(amount * 10 ** currencyDigits(currency));

/** The other way (a stored refund shown like the order's price): 8200 AED minor units → 82. */
export const majorUnits = (minor: number, currency: string) => minor / 10 ** currencyDigits(currency);

/** Whether an amount has no more decimals than the currency's minor unit (12.5 AED yes, 12.345 AED no, 12.345 KWD yes). */
export const fitsCurrency = (amount: number, currency: string) => Math.abs(amount * 10 ** currencyDigits(currency) - minorUnits(amount, currency)) < 1e-6;

/**
 * The step every charged amount is a multiple of, in minor units: 10 in a three-decimal currency (KWD,
 * BHD, OMR, JOD: Stripe takes their amounts only with a last digit 0), else 1 (docs/decisions/0060). A
 * restaurant paid through a provider that takes every fils (Tap) has a step of 1: the provider says
 * (worker/providers/card-payments.ts `cardTerms`, docs/decisions/0079), and the `step` arguments below carry it.
 */
export const chargeStep = (currency: string): number => (currencyDigits(currency) === 3 ? 10 : 1);

/** A whole amount of minor units rounded half up to a multiple of `step` (1 leaves it; 1355 on 10 → 1360). */
export const onStep = (amount: number, step: number): number => (step === 1 ? amount : Math.floor((2 * amount + step) / (2 * step)) * step);

/**
 * Whether a written price (major units, in the currency's decimals) is on the charge step: any AED amount,
 * 1.230 KWD but not 1.234 KWD (docs/decisions/0060). Where a price, an option or a tip is written, one off
 * the step is refused, so what the menu shows is what is charged.
 */
export const isOnChargeStep = (amount: number, currency: string, step = chargeStep(currency)): boolean => minorUnits(amount, currency) % step === 0;

/** A stored price (major units) as it is charged, on the step: 1.234 KWD → 1.23, 1.235 KWD → 1.24, 12.5 AED stays. */
export const chargedPrice = (amount: number, currency: string, step = chargeStep(currency)): number =>
  majorUnits(onStep(minorUnits(amount, currency), step), currency);
