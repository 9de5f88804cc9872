// The product list's dietary filter chips: links that toggle a filter in the URL. One row of fixed
// height that scrolls sideways, so turning filters on or off never moves the list below.
// Each chip's state and link come from the loader (routes/tenant/product-list.server.ts).
import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n";
import type { DietFilter } from "~/lib/dietary-filter";
import { Glyph } from "./dietary-glyphs";

export function DietChips({ chips }: { chips: { filter: DietFilter; on: boolean; href: string }[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("dietary.filter")} className="-mx-4 h-10 overflow-x-auto px-4 [scrollbar-width:none]">
      <ul className="flex h-full items-center gap-2 whitespace-nowrap">
        {chips.map(({ filter: f, on, href }) => (
          <li key={f}>
            <Link
              to={href}
              replace
              preventScrollReset
              aria-current={on ? "true" : undefined}
              data-testid={`diet-${f}`}
              className="inline-flex h-8 items-center gap-1 rounded-full px-3 text-sm font-bold ring-1 ring-on-surface/20 aria-[current=true]:bg-primary aria-[current=true]:text-on-primary aria-[current=true]:ring-primary"
            >
              {on && <Glyph d="m5 12 5 5 9-10" />}
              {t(`dietary.filters.${f}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
