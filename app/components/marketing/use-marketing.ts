import { useLanguage } from "~/lib/localized";
import { marketingStrings } from "~/locales/marketing";

export const useMarketing = () => marketingStrings(useLanguage());
