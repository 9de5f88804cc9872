// The order token of a branch (spec: 'tokenOrder' + branch id) lives in an HttpOnly cookie, never in
// localStorage, so page scripts cannot read it. The ordering flow sets it after a verified code.
import { cookieName, readCookie } from "./cookies.server";

export const orderTokenCookie = (url: URL, branchId: number) => cookieName(url, `tokenOrder${branchId}`);

export function hasOrderToken(request: Request, branchId: number): boolean {
  const name = orderTokenCookie(new URL(request.url), branchId);
  return Boolean(readCookie(request.headers.get("cookie"), name));
}
