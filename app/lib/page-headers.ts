// The catalogue screens are the same for every diner who shares their language, theme and whether
// they have ordered in the branch, so they are public (their Cache-Control: app/lib/route-headers.ts)
// and kept rendered at the edge (worker/edge/page-cache.ts): what a page is rendered from, read once
// from the cookies, and the page cache's variant made from the same reading.
import type { Theme } from "remix-themes";
import * as v from "valibot";
import { cookieLanguage } from "~/middleware/language";
import type { Language } from "~/locales";
import { acceptedLanguage } from "../../worker/rules/accept-language";
import { cookieName, parseCookies, type ParsedCookies } from "./cookies.server";
import { orderTokenBranches, orderTokenNames } from "./order-token.server";
import { cookieTheme } from "./theme.server";
import { DEFAULT_VIEW, VIEWS, type View } from "~/lib/views";
import { planGuide, type PlanGuide } from "../../worker/rules/plan-guide";

/** A layout's name as a cookie or the URL gives it (made once: it is read on every page request). */
export const ViewName = v.picklist(VIEWS);

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

/**
 * The plans in a Gulf visitor's currency (Cloudflare's `cf.country`), read by the marketing landing
 * alone ("/" on the site's own hosts); null on every other page, whose copies are never split by country.
 */
export function landingGuide(request: Request, host: { kind: string }): PlanGuide | null {
  if (host.kind !== "app" || new URL(request.url).pathname !== "/") return null;
  const country = (request.cf as { country?: unknown } | undefined)?.country;
  return typeof country === "string" ? planGuide(country) : null;
}

/** The page cache's variant: one canonical text per distinct set of values a page is rendered from (`guide`: landingGuide's currency). */
export function pageVariant(cookies: PageCookies, guide: string | null = null): string {
  const variant = { language: cookies.language, theme: cookies.theme, orders: [...cookies.orderBranches].sort((a, b) => a - b), view: cookies.view };
  return JSON.stringify(guide ? { ...variant, guide } : variant);
}
