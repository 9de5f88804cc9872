// A restaurant's country → the IANA zones its branches may keep time in (docs/decisions/0058): one for
// each Gulf and Levant country sign-up offers (worker/rules/currencies.ts), several for the US, where
// sign-up asks which. Apart from ./local-time.ts so the diner's bundle carries no list.
import { DEFAULT_TIME_ZONE } from "./local-time";

const COUNTRY_ZONES: Record<string, readonly string[]> = {
  AE: [DEFAULT_TIME_ZONE],
  SA: ["Asia/Riyadh"],
  KW: ["Asia/Kuwait"],
  BH: ["Asia/Bahrain"],
  QA: ["Asia/Qatar"],
  OM: ["Asia/Muscat"],
  EG: ["Africa/Cairo"],
  JO: ["Asia/Amman"],
  LB: ["Asia/Beirut"],
  GB: ["Europe/London"],
  // Eastern first: a branch corrected from the old default (schema version 15) gets the most people's.
  US: ["America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles", "America/Anchorage", "Pacific/Honolulu"],
};

/** The zones a branch in `country` may be in (ISO 3166 "SA"), the most likely first; none for a country we do not know. */
export const zonesOfCountry = (country: string): readonly string[] => COUNTRY_ZONES[country.toUpperCase()] ?? [];

/** The zone a branch in `country` most likely keeps (the US: Eastern); the default for a country we do not know. */
export const likelyZone = (country: string): string => zonesOfCountry(country)[0] ?? DEFAULT_TIME_ZONE;

/** The countries whose owner is asked which zone (more than one). */
export const asksZone = (country: string) => zonesOfCountry(country).length > 1;

/**
 * A new branch's zone: the country's only one, or `chosen` when it is one of the country's; null when
 * the country has several and none of them was chosen (sign-up asks again). A country we do not know
 * keeps the default.
 */
export function zoneForCountry(country: string, chosen?: string | null): string | null {
  const zones = zonesOfCountry(country);
  if (zones.length === 0) return DEFAULT_TIME_ZONE;
  if (zones.length === 1) return zones[0]!;
  return chosen && zones.includes(chosen) ? chosen : null;
}
