// The one home of a picture's URL: a stored path (pictures/1/ab….jpg, the demo's logos/saffron.svg) is
// served at /storage/{path} on this site (worker/storage/serve.ts, the static assets), and at
// {host}/storage/{path} beside an external backend's /api base (docs/CONTRACT.md). No imports: the
// browser takes it as it is.

/** Where this site serves stored pictures. */
export const STORAGE_PATH = "/storage/";

/** Where a backend keeps its pictures: beside its /api base ("https://b.example/api" → "https://b.example/storage/"), or this site's. */
export const imageBaseOf = (apiBase: string | null): string => (apiBase ? `${apiBase.replace(/\/api$/, "")}${STORAGE_PATH}` : STORAGE_PATH);

/** A stored picture's URL under `base` (this site's unless an external backend's), or null for none. */
export function imageUrl(path: string, base?: string): string;
export function imageUrl(path: string | null | undefined, base?: string): string | null;
export function imageUrl(path: string | null | undefined, base: string = STORAGE_PATH): string | null {
  return path ? `${base}${path}` : null;
}
