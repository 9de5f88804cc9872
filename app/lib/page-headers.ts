// The catalogue screens are the same for every diner who shares their language, theme and whether
// they have ordered in the branch, so they are public: kept rendered at the edge for up to a minute
// (worker/edge/page-cache.ts; the data cache's fresh window is also a minute). Browsers revalidate
// every time (max-age=0), so a change of language or theme shows at once; Vary: Cookie and
// Accept-Language (a first visit's language comes from the header) keep shared caches from mixing languages.
import type { Theme } from "remix-themes";
import * as v from "valibot";
import { cookieLanguage } from "~/middleware/language";
import type { Language } from "~/locales";
import { acceptedLanguage } from "../../worker/rules/accept-language";
import { cookieName, parseCookies, type ParsedCookies } from "./cookies.server";
import { orderTokenBranches, orderTokenNames } from "./order-token.server";
import { cookieTheme } from "./theme.server";
import { DEFAULT_VIEW, VIEWS, type View } from "~/lib/views";

/** A layout's name as a cookie or the URL gives it (made once: it is read on every page request). */
export const ViewName = v.picklist(VIEWS);

/** How long the edge keeps a rendered catalogue page at most, in seconds. */
const PAGE_SECONDS = 60;
const publicFor = (seconds: number) => `public, max-age=0, s-maxage=${seconds}`;

/**
 * A loader's headers when what the page says changes sooner than the usual minute (a menu's window
 * opens or closes: worker/rules/menu-hours.ts): the edge keeps it no longer than until then.
 */
export const pageLifetime = (changesAt: number | null, now: number): HeadersInit | undefined =>
  changesAt === null || changesAt - now >= PAGE_SECONDS * 1000 ? undefined : { "Cache-Control": publicFor(Math.max(0, Math.floor((changesAt - now) / 1000))) };

/** A route's `headers`: public when it rendered (its loader may shorten the lifetime); an error's own headers (Retry-After on a 503) otherwise. */
export const publicPageHeaders = ({ errorHeaders, loaderHeaders }: { errorHeaders?: Headers; loaderHeaders?: Headers }): HeadersInit =>
  errorHeaders ?? { "Cache-Control": loaderHeaders?.get("Cache-Control") ?? publicFor(PAGE_SECONDS), Vary: "Cookie, Accept-Language" };

/**
 * Everything from the cookies that can change a page, read once per request (worker/render.ts) and
 * handed to the render through the AppContext: the language middleware, the root loader and the
 * branch loader read these values, never the Cookie header, so the page cache's key (pageVariant)
 * and the page are made from the same reading.
 */
export interface PageCookies {
  /** The language cookie's choice, else the Accept-Language header's, else the default (a ?lng= link still comes first). */
  language: Language;
  /** The theme cookie's choice, or null. */
  theme: Theme | null;
  /** The branches with a well-formed order token (each shows the orders link). */
  orderBranches: ReadonlySet<number>;
  /** The product layout the diner last chose (the view cookie), else the default (a ?view= link still comes first). */
  view: View;
  /**
   * False when one of these cookies is repeated or has whitespace around its name or value: no
   * browser sends ours so, and another reader might take it another way, so such a request neither
   * reads nor stores a shared page.
   */
  shareable: boolean;
}

export async function readPageCookies(request: Request, env: Env): Promise<PageCookies> {
  const url = new URL(request.url);
  const cookies = parseCookies(request.headers.get("cookie"));
  const names = [cookieName(url, "lang"), cookieName(url, "theme"), ...orderTokenNames(cookies, url)];
  return {
    language: (await cookieLanguage(cookies, url)) ?? acceptedLanguage(request.headers.get("accept-language")),
    theme: await cookieTheme(cookies, url, env),
    orderBranches: orderTokenBranches(cookies, url),
    view: cookieView(cookies, url),
    shareable: !names.some((name) => cookies.ambiguous(name)),
  };
}

// Only our own script writes this cookie, so a repeated or padded one was not written by it: it
// reads as no choice (and, read one way only, needs no bypass of the shared copies).
function cookieView(cookies: ParsedCookies, url: URL): View {
  const name = cookieName(url, "view");
  const value = cookies.get(name);
  return v.is(ViewName, value) && !cookies.ambiguous(name) ? value : DEFAULT_VIEW;
}

/** The page cache's variant: one canonical text per distinct set of values a page is rendered from. */
export function pageVariant(cookies: PageCookies): string {
  return JSON.stringify({ language: cookies.language, theme: cookies.theme, orders: [...cookies.orderBranches].sort((a, b) => a - b), view: cookies.view });
}
