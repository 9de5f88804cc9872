// The branch screens' bottom navigation: language, info, cart (with the item count), orders and, at a
// table whose branch takes calls, the waiter. Cart and orders only where the branch takes orders;
// orders only once an order exists.
// Without JavaScript (or before it loads) language posts the other language and info opens the Info
// page; with it, both open their sheets.
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { NavLink, useLocation } from "react-router";
import { BagIcon, BellIcon, InfoIcon, ReceiptIcon } from "../icons";
import { InfoSheet, loadBranchInfo, type InfoSheetProps } from "./info-sheet";
import { usePreloadWhenIdle } from "~/lib/when-idle";

// The language sheet's content is a chunk of its own: fetched at idle, mounted at its first open.
const loadLanguageSheet = () => import("./language-sheet");
const LanguageSheet = lazy(() => loadLanguageSheet().then((m) => ({ default: m.LanguageSheet })));

interface BottomNavProps extends Omit<InfoSheetProps, "open" | "onClose"> {
  base: string;
  takesOrders: boolean;
  hasOrders: boolean;
  cartCount: number;
  /** The table's service screen (call a waiter, ask for the bill), or null: not at a table, or no calls taken. */
  service: string | null;
}

const itemClass =
  "relative flex h-full flex-col items-center justify-center gap-0.5 text-xs font-bold text-on-surface/75 hover:text-primary aria-[current=page]:text-primary dark:hover:text-on-surface";

export function BottomNav({ base, takesOrders, hasOrders, cartCount, service, ...info }: BottomNavProps) {
  const { t, lang: language } = useTranslation();
  const [sheet, setSheet] = useState<"language" | "info" | null>(null);
  const [languageOpened, setLanguageOpened] = useState(false);
  usePreloadWhenIdle(loadLanguageSheet);
  usePreloadWhenIdle(loadBranchInfo);
  const location = useLocation();
  const openInfo = (e: React.SyntheticEvent) => {
    e.preventDefault();
    setSheet("info");
  };
  return (
    <>
      <nav
        aria-label={t("nav.main")}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-on-surface/10 bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
      >
        <ul className="mx-auto grid h-16 max-w-xl auto-cols-fr grid-flow-col">
          <li>
            <form
              method="post"
              action="/action/set-language"
              className="h-full"
              onSubmit={(e) => {
                e.preventDefault();
                setSheet("language");
                setLanguageOpened(true);
              }}
            >
              <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
              <button type="submit" name="lang" value={language === "ar" ? "en" : "ar"} className={`${itemClass} w-full`} aria-haspopup="dialog">
                <span className="flex size-6 items-center justify-center text-lg leading-none" aria-hidden="true" lang={language === "ar" ? "en" : "ar"}>
                  {language === "ar" ? "EN" : "ع"}
                </span>
                {t("nav.language")}
              </button>
            </form>
          </li>
          <li>
            {/* A button once JavaScript runs (it opens a sheet, Space included); a link before. */}
            <a
              href={`${base}/info`}
              role="button"
              className={itemClass}
              aria-haspopup="dialog"
              onClick={openInfo}
              onKeyDown={(e) => e.key === " " && openInfo(e)}
            >
              <InfoIcon className="size-6" />
              {t("nav.info")}
            </a>
          </li>
          {takesOrders && (
            <li>
              <NavLink to={`${base}/cart`} className={itemClass}>
                <span className="relative">
                  <BagIcon className="size-6" />
                  {cartCount > 0 && (
                    <span className="absolute -top-1.5 -end-2.5 min-w-5 rounded-full bg-primary px-1 text-center text-[11px] leading-5 text-on-primary">
                      <span data-testid="cart-badge" aria-hidden="true">
                        {cartCount > 99 ? "99+" : cartCount}
                      </span>
                      <span className="sr-only">{t("counts.items", { count: cartCount })}</span>
                    </span>
                  )}
                </span>
                {t("nav.cart")}
              </NavLink>
            </li>
          )}
          {service && (
            <li>
              <NavLink to={service} className={itemClass}>
                <BellIcon className="size-6" />
                {t("nav.service")}
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
      {languageOpened && (
        <Suspense fallback={null}>
          <LanguageSheet open={sheet === "language"} onClose={() => setSheet(null)} />
        </Suspense>
      )}
      <InfoSheet open={sheet === "info"} onClose={() => setSheet(null)} {...info} />
    </>
  );
}
