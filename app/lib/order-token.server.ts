// The order token of a branch (spec: 'tokenOrder' + branch id) lives in an HttpOnly cookie, never in
// localStorage, so page scripts cannot read it. It carries the phone the token was issued for.
import { cookieName, isSecureUrl, parseCookies, type ParsedCookies } from "./cookies.server";

const TOKEN_DAYS = 30;
const TOKEN = /^([A-Za-z0-9_-]{8,200})\.(\d{10,15})$/;

export const orderTokenCookie = (url: URL, branchId: number) => cookieName(url, `tokenOrder${branchId}`);

function parseToken(raw: string | undefined): { token: string; phone: string } | null {
  const match = raw === undefined ? null : TOKEN.exec(raw);
  return match ? { token: match[1]!, phone: match[2]! } : null;
}

export function readOrderToken(request: Request, branchId: number): { token: string; phone: string } | null {
  return parseToken(parseCookies(request.headers.get("cookie")).get(orderTokenCookie(new URL(request.url), branchId)));
}

/** The names of `cookies` that are order-token cookies of some branch (well-formed or not). */
export function orderTokenNames(cookies: ParsedCookies, url: URL): string[] {
  const prefix = cookieName(url, "tokenOrder");
  return [...cookies.names()].filter((name) => name.startsWith(prefix));
}

/** The branches `cookies` hold a well-formed order token for: each shows the orders link. */
export function orderTokenBranches(cookies: ParsedCookies, url: URL): Set<number> {
  const branches = new Set<number>();
  for (const name of orderTokenNames(cookies, url)) {
    const id = Number(name.slice(cookieName(url, "tokenOrder").length));
    // Only the exact name readOrderToken looks for ("tokenOrder7", not "tokenOrder07") counts.
    if (Number.isSafeInteger(id) && id > 0 && orderTokenCookie(url, id) === name && parseToken(cookies.get(name))) branches.add(id);
  }
  return branches;
}

export function orderTokenSetCookie(request: Request, branchId: number, token: string, phone: string): string {
  const url = new URL(request.url);
  const secure = isSecureUrl(url) ? "; Secure" : "";
  return `${orderTokenCookie(url, branchId)}=${token}.${phone}; Path=/; Max-Age=${TOKEN_DAYS * 86_400}; HttpOnly; SameSite=Lax${secure}`;
}
