// A page's address in one language (`?lng=`, which also chooses it for the next visits): the one rule for
// canonical and hreflang addresses, of the marketing pages (./marketing-meta.ts) and the diner's (./page-head.server.ts).
import type { Language } from "../../worker/rules/languages";

/** `url` (which may carry a query already) with `?lng=` set to `lang`. */
export const languageUrl = (url: string, lang: Language) => `${url}${url.includes("?") ? "&" : "?"}lng=${lang}`;
