// The language of a request: ?lng= first, else the language cookie, else English (the spec's
// default). Decided once, in the root middleware; loaders read it with `getLanguage`. The browser
// mirrors the choice in localStorage 'Lang' (app/lib/language.ts).
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { preferenceCookie } from "~/lib/cookies.server";
import { defaultLanguage, isLanguage, type Language } from "~/locales";

export const languageCookie = (request: Request) => preferenceCookie(new URL(request.url), "lang");

const languageContext = createContext<Language>(defaultLanguage);

async function languageOf(request: Request): Promise<Language> {
  const asked = new URL(request.url).searchParams.get("lng");
  if (isLanguage(asked)) return asked;
  const cookie = request.headers.get("cookie");
  if (!cookie) return defaultLanguage;
  // A forged or stale cookie parses to something else and falls back to the default.
  const value: unknown = await languageCookie(request).parse(cookie);
  return isLanguage(value) ? value : defaultLanguage;
}

export const languageMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(languageContext, await languageOf(request));
  return next();
};

export const getLanguage = (context: Readonly<RouterContextProvider>): Language => context.get(languageContext);
