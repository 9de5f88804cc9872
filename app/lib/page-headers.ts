// The catalogue screens are the same for every diner who shares their language, theme and whether
// they have ordered in the branch, so they are public: kept rendered at the edge for up to a minute
// (worker/edge/page-cache.ts; the data cache's fresh window is also a minute). Browsers revalidate
// every time (max-age=0), so a change of language or theme shows at once; Vary: Cookie keeps shared
// caches from mixing languages.
import { cookieName, readCookie } from "./cookies.server";

export const PUBLIC_PAGE_HEADERS = { "Cache-Control": "public, max-age=0, s-maxage=60", Vary: "Cookie" } as const;

/** A route's `headers`: public when it rendered; an error's own headers (Retry-After on a 503) otherwise. */
export const publicPageHeaders = ({ errorHeaders }: { errorHeaders?: Headers }): HeadersInit => errorHeaders ?? PUBLIC_PAGE_HEADERS;

const ORDER_TOKEN_NAME = /^(__Host-)?tokenOrder\d+$/;

/**
 * Everything from the cookies that can change a public page: the language and theme choices, and
 * which branches the diner has an order token for (only its presence shows: the orders link).
 * Keep in step with what public loaders read. Empty when none of them is set.
 */
export function publicPageVariant(request: Request): string {
  const url = new URL(request.url);
  const header = request.headers.get("cookie");
  if (!header) return "";
  const orderTokens = header
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter((name) => ORDER_TOKEN_NAME.test(name))
    .sort();
  const parts = [readCookie(header, cookieName(url, "lang")) ?? "", readCookie(header, cookieName(url, "theme")) ?? "", ...orderTokens];
  return parts.some(Boolean) ? parts.join("|") : "";
}
