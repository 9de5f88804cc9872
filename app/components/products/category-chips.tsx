// Category chips of a real menu (none on offers/new/popular): links that keep the scroll position.
import { useTranslation } from "~/lib/i18n";
import { Link, useLocation } from "react-router";
import { localized, useLanguage } from "~/lib/localized";

interface Chip {
  id: number;
  name_en: string;
  name_ar: string;
}

export function CategoryChips({ categories, active }: { categories: Chip[]; active: number | null }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { search } = useLocation();
  const hrefFor = (id: number) => {
    const params = new URLSearchParams(search);
    params.set("category", String(id));
    return `?${params}`;
  };
  if (categories.length === 0) return null;
  return (
    <nav aria-label={t("product.categories")} className="-mx-4 overflow-x-auto px-4 [scrollbar-width:none]">
      <ul className="flex gap-2 py-1">
        {categories.map((c) => (
          <li key={c.id} className="shrink-0">
            <Link
              to={hrefFor(c.id)}
              preventScrollReset
              replace
              aria-current={c.id === active ? "true" : undefined}
              className="block rounded-xl bg-white px-3.5 py-1.5 text-sm whitespace-nowrap shadow-sm ring-1 ring-black/5 transition-[scale] duration-100 active:scale-95 active:brightness-90 dark:active:brightness-125 aria-[current=true]:bg-on-surface aria-[current=true]:font-bold aria-[current=true]:text-surface dark:bg-stone-900 dark:ring-white/10"
            >
              {localized(c, "name", lang)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
