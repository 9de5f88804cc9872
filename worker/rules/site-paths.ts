// The first path segments the site itself answers (its routes, the worker's endpoints, the static
// assets): never a restaurant's. No imports: the diner's first load reads it (app/lib/tenant-paths.ts)
// without valibot; the slug rule (./reserved.ts) refuses these and more at sign-up.

/** First path segments the site itself answers: never a restaurant's, in any mode. */
export const SITE_PATHS: ReadonlySet<string> = new Set([
  // The worker's own paths and the restaurant's side.
  "console",
  "api",
  "table",
  "signup",
  "webhooks",
  "action",
  "app",
  "apps",
  "storage",
  "assets",
  "healthz",
  "_edge",
  // Kitchen printers' CloudPRNT endpoint (worker/printing/cloudprnt.ts).
  "cloudprnt",
  // The static assets' folders (public/) and Cloudflare's own path on every zone.
  "sounds",
  "cdn-cgi",
  // Marketing pages.
  "contact",
  "about-us",
  "chat",
  "send_message",
  "privacy-policy",
  "terms-of-service",
  "sitemap.xml",
  "robots.txt",
  "favicon.svg",
  "logo.svg",
]);
