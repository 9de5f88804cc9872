// Where a restaurant's object is created: the location hint for its country, so a Gulf restaurant's
// orders are written in the Middle East, not in Europe or America. A hint only matters when the object
// is first created; an unknown country gets none (Cloudflare places it near the first request).

const REGIONS: Record<string, readonly string[]> = {
  me: ["AE", "SA", "QA", "KW", "BH", "OM", "JO", "IQ", "IL", "PS", "YE", "IR"],
  afr: ["EG", "MA", "DZ", "TN", "LY", "SD", "NG", "KE", "ZA", "GH", "ET"],
  weur: ["GB", "IE", "FR", "ES", "PT", "BE", "NL", "LU", "DE", "CH", "AT", "IT", "DK", "NO", "SE", "IS"],
  eeur: ["PL", "CZ", "SK", "HU", "RO", "BG", "GR", "TR", "UA", "FI", "EE", "LV", "LT", "RS", "HR", "SI", "CY", "LB", "SY"],
  apac: ["IN", "PK", "BD", "LK", "SG", "MY", "ID", "TH", "VN", "PH", "HK", "TW", "JP", "KR", "CN"],
  oc: ["AU", "NZ"],
  enam: ["CA", "US"],
  sam: ["BR", "AR", "CL", "CO", "PE", "MX"],
};

const HINTS = new Map(Object.entries(REGIONS).flatMap(([hint, countries]) => countries.map((c) => [c, hint] as const)));

/** The location hint for an ISO 3166 country code, or undefined. */
export function locationHint(country: string | null | undefined): DurableObjectLocationHint | undefined {
  return HINTS.get((country ?? "").toUpperCase()) as DurableObjectLocationHint | undefined;
}
