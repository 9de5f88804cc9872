// A page's address in one language (`?lng=`, which also chooses it for the next visits), and its canonical
// address: the one rule for the marketing pages (./marketing-meta.ts) and the diner's (./page-head.server.ts).
// Each version is its own canonical (docs/decisions/0077): `?lng=en` and `?lng=ar` are the language
// versions, the address without `?lng=` (language from the cookie or Accept-Language) is the x-default.
// A canonical pointing from one of them to another is what Lighthouse fails ("points to another hreflang location").
import type { Language } from "../../worker/rules/languages";

/** `url` (which may carry a query already) with `?lng=` set to `lang`. */
export const languageUrl = (url: string, lang: Language) => `${url}${url.includes("?") ? "&" : "?"}lng=${lang}`;

/** The canonical address of `url` shown in `lang`: its language version when the request named one, else the x-default. */
export const canonicalIn = (url: string, lang: Language, named: boolean) => (named ? languageUrl(url, lang) : url);
