// Who may keep an answer, and for how long, in one place: every route module's `headers` export is
// one of the two below (tests/unit/route-headers.test.ts holds it), and a loader that answers with
// its own Cache-Control takes it from here. Public pages (the diner's catalogue, the marketing pages)
// are kept at the edge (worker/edge/page-cache.ts) and revalidated by browsers every time; private
// ones (the console, sign-up, a diner's cart, orders, invoice and calls) are never stored anywhere.
import type { HeadersFunction } from "react-router";

/** A person's own answer: no browser, proxy or edge keeps it. */
export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store" } as const;

/** How long the edge keeps a rendered catalogue page at most, in seconds (the data cache's fresh window too). */
const PAGE_SECONDS = 60;
const publicFor = (seconds: number) => `public, max-age=0, s-maxage=${seconds}`;

/** A catalogue page's (and a restaurant's sitemap's) own Cache-Control: a minute at the edge, revalidated by browsers. */
export const PAGE_CACHE = publicFor(PAGE_SECONDS);

/** The marketing pages change with a deploy only: browsers keep them five minutes, the edge an hour. */
export const MARKETING_CACHE = "public, max-age=300, s-maxage=3600";

/**
 * A loader's headers when what the page says changes sooner than the usual minute (a menu's window
 * opens or closes: worker/rules/menu-hours.ts): the edge keeps it no longer than until then.
 */
export const pageLifetime = (changesAt: number | null, now: number): HeadersInit | undefined =>
  changesAt === null || changesAt - now >= PAGE_SECONDS * 1000 ? undefined : { "Cache-Control": publicFor(Math.max(0, Math.floor((changesAt - now) / 1000))) };

/** The loader's and action's own headers (Content-Language, Retry-After); cookies are React Router's to merge. */
function ownHeaders(...sources: (Headers | undefined)[]): Headers {
  const headers = new Headers();
  for (const source of sources) source?.forEach((value, name) => name.toLowerCase() !== "set-cookie" && headers.set(name, value));
  return headers;
}

/**
 * A public page's `headers`: the loader's Cache-Control if it set one (a shorter lifetime, the marketing
 * pages' longer one), else a minute at the edge; Vary: Cookie and Accept-Language (a first visit's
 * language comes from the header) keep shared caches from mixing languages. An error's own headers
 * (Retry-After on a 503) otherwise.
 */
export const publicPageHeaders: HeadersFunction = ({ errorHeaders, loaderHeaders }) => {
  if (errorHeaders) return errorHeaders;
  const headers = ownHeaders(loaderHeaders);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", PAGE_CACHE);
  headers.set("Vary", "Cookie, Accept-Language");
  return headers;
};

/** A private screen's `headers`: always `private, no-store`, with the answer's other headers (Retry-After on a 429). */
export const privatePageHeaders: HeadersFunction = ({ errorHeaders, loaderHeaders, actionHeaders }) => {
  const headers = ownHeaders(errorHeaders, loaderHeaders, actionHeaders);
  headers.set("Cache-Control", PRIVATE_HEADERS["Cache-Control"]);
  return headers;
};
