// The order token of a branch (spec: 'tokenOrder' + branch id) lives in an HttpOnly cookie, never in
// localStorage, so page scripts cannot read it. It carries the phone the token was issued for.
import { cookieName, isSecureUrl, readCookie } from "./cookies.server";

const TOKEN_DAYS = 30;
export const orderTokenCookie = (url: URL, branchId: number) => cookieName(url, `tokenOrder${branchId}`);

export function readOrderToken(request: Request, branchId: number): { token: string; phone: string } | null {
  const raw = readCookie(request.headers.get("cookie"), orderTokenCookie(new URL(request.url), branchId));
  const match = raw ? /^([A-Za-z0-9_-]{8,200})\.(\d{10,15})$/.exec(raw) : null;
  return match ? { token: match[1]!, phone: match[2]! } : null;
}

export const hasOrderToken = (request: Request, branchId: number) => readOrderToken(request, branchId) !== null;

export function orderTokenSetCookie(request: Request, branchId: number, token: string, phone: string): string {
  const url = new URL(request.url);
  const secure = isSecureUrl(url) ? "; Secure" : "";
  return `${orderTokenCookie(url, branchId)}=${token}.${phone}; Path=/; Max-Age=${TOKEN_DAYS * 86_400}; HttpOnly; SameSite=Lax${secure}`;
}
