// A phone-sized mock of the diner's screens (top bar, a product card with its price and add button, the
// order button) in light and dark side by side. It paints with cleanBrand's palette, so it shows what
// diners will really get. Not the diner's own components: those follow the page's theme (dark: variants
// on <html>), and both themes must show here whatever theme the console itself is in.
import type { CSSProperties } from "react";
import { ArrowBackIcon, BagIcon, PlusIcon } from "~/components/icons";
import { cleanBrand, DARK_SURFACES, type BrandStyle } from "~/lib/brand";
import { formatMoney } from "~/lib/money";
import { useLanguage } from "~/lib/localized";
import { useConsoleTranslation } from "~/locales/console";

type Theme = "light" | "dark";

interface PreviewProps {
  style: BrandStyle;
  title: string;
}

/** The theme variables the diner's screens read, set on the phone's frame (no dark: variant inside). */
function themeVars(style: BrandStyle, theme: Theme): CSSProperties {
  const p = cleanBrand(style);
  const vars =
    theme === "light"
      ? { "--color-primary": p.primary, "--color-on-primary": p.onPrimary, "--color-surface": p.background, "--color-on-surface": p.onBackground }
      : { "--color-primary": p.darkPrimary, "--color-on-primary": p.darkOnPrimary, "--color-surface": DARK_SURFACES[0], "--color-on-surface": "#f5f5f4" };
  return vars as CSSProperties;
}

function Phone({ style, title, theme }: PreviewProps & { theme: Theme }) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const card = theme === "light" ? "bg-white ring-black/5" : "bg-stone-900 ring-white/10";
  return (
    <figure className="grid justify-items-center gap-2">
      <figcaption className="text-sm font-bold">{t(`console.brand.${theme}`)}</figcaption>
      <div
        data-testid={`brand-preview-${theme}`}
        style={themeVars(style, theme)}
        aria-hidden="true"
        className="w-36 overflow-hidden rounded-[1.75rem] bg-stone-800 p-1.5 shadow-lg sm:w-48"
      >
        <div className="flex h-72 flex-col sm:h-80 overflow-hidden rounded-[1.4rem] bg-surface text-on-surface">
          <div className="flex h-10 shrink-0 items-center gap-1 bg-primary px-2 text-on-primary shadow-md">
            <ArrowBackIcon className="size-4" />
            <span className="min-w-0 flex-1 truncate text-center text-xs font-bold uppercase tracking-wide">{title}</span>
            <span className="size-4" />
          </div>
          <p className="px-3 pt-2 text-xs font-bold">{t("console.brand.sample.menu")}</p>
          <div className={`mx-2 mt-1.5 overflow-hidden rounded-xl shadow-sm ring-1 ${card}`}>
            <div className={`aspect-[5/2] ${theme === "light" ? "bg-stone-200" : "bg-stone-800"}`} />
            <div className="grid gap-1 p-2">
              <p className="text-xs leading-snug font-bold">{t("console.brand.sample.dish")}</p>
              <p className="line-clamp-2 text-[0.625rem] leading-snug text-on-surface/70">{t("console.brand.sample.description")}</p>
              <div className="flex items-end justify-between gap-1">
                <p className="flex flex-wrap items-baseline gap-x-1 text-[0.625rem]">
                  <del className="text-on-surface/60">{formatMoney(32, lang)}</del>
                  <span data-testid={`brand-preview-price-${theme}`} className="text-xs font-bold text-primary">
                    {formatMoney(26, lang)}
                  </span>
                </p>
                <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-on-primary shadow-sm">
                  <PlusIcon className="size-4" />
                </span>
              </div>
            </div>
          </div>
          <div className="mt-auto p-2">
            <span
              data-testid={`brand-preview-button-${theme}`}
              className="flex h-9 items-center justify-center gap-1.5 rounded-full bg-primary text-xs font-bold text-on-primary shadow-sm"
            >
              <BagIcon className="size-4" />
              {t("console.brand.sample.order")}
            </span>
          </div>
        </div>
      </div>
    </figure>
  );
}

/** Light and dark, side by side: they redraw on every keystroke (client state only). */
export function BrandPreview(props: PreviewProps) {
  return (
    <div className="flex flex-wrap justify-center gap-3 sm:gap-4">
      <Phone {...props} theme="light" />
      <Phone {...props} theme="dark" />
    </div>
  );
}
