// The currencies restaurants price in (docs/decisions/0052): each sign-up country's, for sign-up and the
// owner's choice on Account. Apart from ./money.ts so the diner's bundle carries no list.
/** A new restaurant's currency, from the country it signs up in. */
const COUNTRY_CURRENCY: Record<string, string> = {
  AE: "AED",
  SA: "SAR",
  KW: "KWD",
  QA: "QAR",
  BH: "BHD",
  OM: "OMR",
  EG: "EGP",
  JO: "JOD",
  LB: "LBP",
  GB: "GBP",
  US: "USD",
};
export const currencyOfCountry = (country: string) => COUNTRY_CURRENCY[country.toUpperCase()] ?? "USD";
/** The currencies an owner may choose (each country's, once). */
export const CURRENCIES = [...new Set(Object.values(COUNTRY_CURRENCY))];
