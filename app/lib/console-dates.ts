// The console's dates and times (worker/rules/date-locale.ts): the console's language with the
// restaurant's country (the console layout's, app/routes/console/layout.server.ts) on a branch's clock.
import { useOutletContext } from "react-router";
import { useLanguage } from "~/lib/localized";
import { dateFormat } from "../../worker/rules/date-locale";

/** A formatter maker for the screens under the console's layout, on `zone` (a branch's). */
export function useConsoleDates(zone: string | null | undefined) {
  const lang = useLanguage();
  // Outside the layout (a test rendering one part) there is no country: plain Arabic, British English.
  const country = useOutletContext<{ member?: { country?: string } } | undefined>()?.member?.country ?? null;
  return (options: Omit<Intl.DateTimeFormatOptions, "timeZone">, digits?: "latin" | "own") => dateFormat({ lang, country, zone }, options, digits);
}
