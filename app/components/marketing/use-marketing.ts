import { translator } from "~/lib/i18n";
import { useLanguage } from "~/lib/localized";
import { marketing, marketingStrings } from "~/locales/marketing";

export const useMarketing = () => marketingStrings(useLanguage());

/** The free trial's length (TRIAL_DAYS, from the loader) in a sentence; null when there is no trial. */
export function useTrialText(days: number) {
  const lang = useLanguage();
  const t = translator(lang, marketing[lang]);
  return (key: "hero.trial" | "plans.trial") => (days > 0 ? t(key, { count: days }) : null);
}
