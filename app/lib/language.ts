// The spec keeps the language under localStorage 'Lang'; the server reads the cookie, so the
// browser mirrors whichever the server rendered.
import type { Language } from "~/locales";

const LANGUAGE_STORAGE_KEY = "Lang";

export function rememberLanguage(lang: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Private mode or storage disabled: the cookie still carries the choice.
  }
}
