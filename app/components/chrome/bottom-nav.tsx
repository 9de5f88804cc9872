// The branch screens' bottom navigation: 4 columns — language, info, cart (with the item count)
// and orders. Cart and orders only where the branch takes orders; orders only once an order exists.
import { useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { NavLink } from "react-router";
import { BagIcon, InfoIcon, ReceiptIcon } from "../icons";
import { InfoSheet, type InfoSheetProps } from "./info-sheet";
import { LanguageSheet } from "./language-sheet";

interface BottomNavProps extends Omit<InfoSheetProps, "open" | "onClose"> {
  base: string;
  takesOrders: boolean;
  hasOrders: boolean;
  cartCount: number;
}

const itemClass =
  "relative flex h-full flex-col items-center justify-center gap-0.5 text-xs font-bold text-on-surface/75 hover:text-primary aria-[current=page]:text-primary dark:hover:text-on-surface";

export function BottomNav({ base, takesOrders, hasOrders, cartCount, ...info }: BottomNavProps) {
  const { t, lang: language } = useTranslation();
  const [sheet, setSheet] = useState<"language" | "info" | null>(null);
  return (
    <>
      <nav aria-label={t("nav.main")} className="fixed inset-x-0 bottom-0 z-30 border-t border-on-surface/10 bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur">
        <ul className="mx-auto grid h-16 max-w-xl grid-cols-4">
          <li>
            <button type="button" className={`${itemClass} w-full`} onClick={() => setSheet("language")} aria-haspopup="dialog">
              <span className="flex size-6 items-center justify-center text-lg leading-none" aria-hidden="true" lang={language === "ar" ? "en" : "ar"}>{language === "ar" ? "EN" : "ع"}</span>
              {t("nav.language")}
            </button>
          </li>
          <li>
            <button type="button" className={`${itemClass} w-full`} onClick={() => setSheet("info")} aria-haspopup="dialog">
              <InfoIcon className="size-6" />
              {t("nav.info")}
            </button>
          </li>
          {takesOrders && (
            <li>
              <NavLink to={`${base}/cart`} className={itemClass}>
                <span className="relative">
                  <BagIcon className="size-6" />
                  {cartCount > 0 && (
                    <span data-testid="cart-badge" className="absolute -top-1.5 -end-2.5 min-w-5 rounded-full bg-primary px-1 text-center text-[11px] leading-5 text-on-primary">
                      {cartCount > 99 ? "99+" : cartCount}
                    </span>
                  )}
                </span>
                {t("nav.cart")}
              </NavLink>
            </li>
          )}
          {takesOrders && hasOrders && (
            <li>
              <NavLink to={`${base}/orders`} className={itemClass}>
                <ReceiptIcon className="size-6" />
                {t("nav.orders")}
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
      <LanguageSheet open={sheet === "language"} onClose={() => setSheet(null)} />
      <InfoSheet open={sheet === "info"} onClose={() => setSheet(null)} {...info} />
    </>
  );
}
