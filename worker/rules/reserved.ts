// The one home of the web address rule (/{domain}): which slugs a restaurant may take. A reserved word
// is a path the site itself answers (SITE_PATHS, ./site-paths.ts: its routes in app/routes.ts, the worker's endpoints,
// the static assets) or one kept for later; tests/workers/signup.test.ts reads app/routes.ts and public/
// and checks each static segment (and each top-level name of the static assets) is a site path. The
// router (app/routes/tenant/params.server.ts) and the diner's pending skeleton (app/lib/tenant-paths.ts)
// read SITE_PATHS, so a path the site answers is never taken for a restaurant's; sign-up refuses all.
import * as v from "valibot";
import { SITE_PATHS } from "./site-paths";

/**
 * Every word sign-up refuses: the site's paths and words kept because they would mislead diners or the
 * site may want them one day. A restaurant an external backend names so is still reached (only
 * SITE_PATHS stop the router), so the kept words can grow without cutting anyone off.
 */
export const RESERVED: ReadonlySet<string> = new Set([
  ...SITE_PATHS,
  // Kept: words that would mislead diners or that the site may want one day.
  "admin",
  "www",
  "menu",
  "help",
  "support",
  "login",
  "logout",
  "sign-in",
  "sign-up",
  "register",
  "static",
  "public",
  "account",
  "billing",
  "dashboard",
  "settings",
  "pricing",
  "blog",
  "docs",
  "status",
  "legal",
  "terms",
  "privacy",
  "about",
  "favicon.ico",
  "manifest.webmanifest",
  "pay",
  "checkout",
  "dev",
  "new",
  "offers",
  "popular",
  "search",
]);

/** Lower-case a–z, 0–9 and single hyphens, 3–40 characters, not starting or ending with a hyphen. */
const Slug = v.pipe(
  v.string(),
  v.minLength(3, "At least 3 characters."),
  v.maxLength(40, "At most 40 characters."),
  v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Lower-case letters, digits and single hyphens, not at the start or end."),
);

/**
 * A restaurant's address as it may appear in a URL or a call: what sign-up gives (above) and what older
 * or external restaurants have, lower-case letters, digits and hyphens. Parsed before any lookup.
 */
export const DomainInPath = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "not a restaurant's address"));

export type SlugProblem = "invalid" | "reserved";

/** Why `domain` cannot be a restaurant's address by the rule alone (taken is the database's word), or null. */
export function slugProblem(domain: string): SlugProblem | null {
  if (!v.is(Slug, domain)) return "invalid";
  return RESERVED.has(domain) ? "reserved" : null;
}
