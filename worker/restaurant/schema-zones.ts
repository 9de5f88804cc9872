// Schema version 15 of the restaurant's object (docs/decisions/0058): every branch was made at the
// branches table's default zone, whatever the restaurant's country, and no screen offered another at
// sign-up. A branch still at that default in a restaurant outside its country is taken to be defaulted,
// not chosen, and gets its country's zone (the US's first, Eastern); any other zone was chosen and stays.
import { DEFAULT_TIME_ZONE } from "../rules/local-time";
import { likelyZone } from "../rules/zones";

/** The statement moving defaulted branches to `country`'s zone; none when it is unknown or the default's own. */
export function zonesFromCountry(_currency: string, country: string): string[] {
  const zone = likelyZone(country);
  if (zone === DEFAULT_TIME_ZONE) return [];
  // Both zones come from the rule's own list (no input reaches this text).
  return [`UPDATE branches SET time_zone = '${zone}' WHERE time_zone = '${DEFAULT_TIME_ZONE}'`];
}

/** The version whose migration this is: a data file older than it has its branches' zones corrected as it is imported (./dump.ts). */
export const ZONES_VERSION = 15;

/** An older file's branch row as version 15 leaves it: the default zone becomes `country`'s (other tables and zones as they are). */
export function upgradeZoneRow(table: string, row: Record<string, unknown>, country: string): Record<string, unknown> {
  const zone = likelyZone(country);
  return table === "branches" && row.time_zone === DEFAULT_TIME_ZONE && zone !== DEFAULT_TIME_ZONE ? { ...row, time_zone: zone } : row;
}
