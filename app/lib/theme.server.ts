// The theme cookie: a session cookie signed by remix-themes' storage, read with the one cookie
// parse (app/lib/cookies.server.ts) so the page cache keys a page by the theme it was rendered in.
import { createThemeSessionResolver, isTheme, type Theme } from "remix-themes";
import { cookieName, parseCookies, preferenceSession, type ParsedCookies } from "./cookies.server";

// The theme is not personal data: a fixed fallback secret only keeps the cookie's shape honest.
const FALLBACK_SECRET = "menu-theme-preference";

// What React Router writes for a signed session: base64 of its JSON, ".", the unpadded signature.
const SIGNED = /^[A-Za-z0-9+/]+={0,2}\.[A-Za-z0-9+/]+$/;

const themeStorage = (url: URL, env: Env) => preferenceSession(url, "theme", env.SESSION_SECRET || FALLBACK_SECRET);

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
  const url = new URL(request.url);
  const header = themeHeader(parseCookies(request.headers.get("cookie")), url);
  return createThemeSessionResolver(themeStorage(url, env))(new Request(url, { headers: header ? { cookie: header } : {} }));
}
