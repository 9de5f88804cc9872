// The language of a request: ?lng= first, else the language cookie, else the browser's
// Accept-Language (worker/rules/accept-language.ts), else English (the spec's default). Decided once, in the root middleware; loaders read it with `getLanguage`. The browser
// mirrors the choice in localStorage 'Lang' (app/lib/language.ts). The cookie is read once per
// request with the page's other cookies (app/lib/page-headers.ts), so the page cache keys a page by
// the very language it was rendered in.
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { preferenceCookie, type ParsedCookies } from "~/lib/cookies.server";
import { defaultLanguage, isLanguage, type Language } from "~/locales";

export const languageCookie = (request: Request) => preferenceCookie(new URL(request.url), "lang");

// What React Router writes for a language: base64 of its JSON. Anything else is not ours.
const ENCODED = /^[A-Za-z0-9+/]+={0,2}$/;

/** The language the cookie chose, else null. A forged or stale cookie reads as no choice. */
export async function cookieLanguage(cookies: ParsedCookies, url: URL): Promise<Language | null> {
  const cookie = preferenceCookie(url, "lang");
  const raw = cookies.get(cookie.name);
  if (raw === undefined || !ENCODED.test(raw)) return null;
  // React Router decodes its own format, from the one value read, in a header that reads one way.
  const value: unknown = await cookie.parse(`${cookie.name}=${raw}`);
  return isLanguage(value) ? value : null;
}

const languageContext = createContext<Language>(defaultLanguage);

export const languageMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const asked = new URL(request.url).searchParams.get("lng");
  context.set(languageContext, isLanguage(asked) ? asked : getApp(context).pageCookies.language);
  return next();
};

export const getLanguage = (context: Readonly<RouterContextProvider>): Language => context.get(languageContext);
