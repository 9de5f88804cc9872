// Cache keys are URLs built from encoded parts, never by concatenating raw values or
// JSON-stringifying objects, so two different (tenant, call, args) tuples can never collide.

export type KeyPart = string | number;

/**
 * Path of the cache key for `parts`. Each part is percent-encoded (so "/" and "%" cannot
 * cross a boundary) and prefixed with "_" (so no segment is "." or "%2e", which URL parsing
 * would collapse); the leading part count tells `[]` from `[""]`.
 */
function cacheKeyPath(parts: readonly KeyPart[]): string {
  return `/${parts.length}/${parts.map((p) => `_${encodeURIComponent(String(p))}`).join("/")}`;
}

/** A full key URL on a private path of `origin` (the Cache API keys on URLs). */
export function cacheKeyUrl(origin: string, parts: readonly KeyPart[]): string {
  return `${origin}/__edge-cache${cacheKeyPath(parts)}`;
}
