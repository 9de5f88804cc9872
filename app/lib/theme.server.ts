// The theme cookie: a session cookie signed by remix-themes' storage, read with the one cookie
// parse (app/lib/cookies.server.ts) so the page cache keys a page by the theme it was rendered in.
// Signed with SESSION_SECRET: unset, a request carrying the cookie or setting it gets a 503 naming it.
import { createThemeSessionResolver, isTheme, type Theme } from "remix-themes";
import { missingSecretAnswer, requireSecret } from "../../worker/missing-secret";
import { cookieName, parseCookies, preferenceSession, type ParsedCookies } from "./cookies.server";

// What React Router writes for a signed session: base64 of its JSON, ".", the unpadded signature.
const SIGNED = /^[A-Za-z0-9+/]+={0,2}\.[A-Za-z0-9+/]+$/;

const themeStorage = (url: URL, env: Env) => preferenceSession(url, "theme", requireSecret(env, "SESSION_SECRET"));

/** The theme cookie as a header that every parser reads the same way, or null when there is none of ours. */
function themeHeader(cookies: ParsedCookies, url: URL): string | null {
  const name = cookieName(url, "theme");
  const raw = cookies.get(name);
  return raw !== undefined && SIGNED.test(raw) ? `${name}=${raw}` : null;
}

/** The theme the cookie chose, or null (the browser's own preference then); a forged one reads as none. */
export async function cookieTheme(cookies: ParsedCookies, url: URL, env: Env): Promise<Theme | null> {
  const header = themeHeader(cookies, url);
  if (!header) return null;
  const theme: unknown = (await themeStorage(url, env).getSession(header)).get("theme");
  return isTheme(theme) ? theme : null;
}

/** remix-themes' session for the set-theme action, over the cookie as the one parse read it. */
export function themeSessionResolver(request: Request, env: Env) {
  if (!env.SESSION_SECRET) throw missingSecretAnswer("SESSION_SECRET");
  const url = new URL(request.url);
  const header = themeHeader(parseCookies(request.headers.get("cookie")), url);
  return createThemeSessionResolver(themeStorage(url, env))(new Request(url, { headers: header ? { cookie: header } : {} }));
}
