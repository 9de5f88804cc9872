// The ordering screens' strings (cart, checkout, orders) reach the page as their loader's data, in
// the page's language (app/lib/strings.server.ts); their components read them through this hook.
import { useScreenTranslation } from "~/lib/i18n";
import type { OrderingStrings } from "~/lib/strings.server";

/** `useTranslation` for the ordering screens: every interface key and theirs. */
export const useOrderingTranslation = () => useScreenTranslation<OrderingStrings>();
