// 'recently viewed': a horizontal strip with arrows that scroll 200 px (reversed in Arabic).
// It lives on the device, so it appears after hydration, with the code that reads it
// (~/lib/recently-viewed and its schema: not part of the screen's first load).
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { Link } from "react-router";
import { localized, useLanguage } from "~/lib/localized";
import type { RecentEntry } from "~/lib/recently-viewed";
import { ChevronEndIcon } from "../icons";
import { usePriceText } from "../products/price";
import { payablePrice } from "../../../worker/rules/offer-price";

const SCROLL_STEP = 200;

export function RecentlyViewed({ branchId, base, currency }: { branchId: number; base: string; currency: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const priceText = usePriceText(currency);
  const [items, setItems] = useState<RecentEntry[]>([]);
  const strip = useRef<HTMLUListElement>(null);
  useEffect(() => {
    let live = true;
    import("~/lib/recently-viewed").then(
      ({ readRecent }) => live && setItems(readRecent(branchId)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [branchId]);
  if (items.length === 0) return null;
  // In RTL the strip's start is on the right, so "forward" scrolls towards negative x.
  const scroll = (direction: 1 | -1) => {
    const sign = document.documentElement.dir === "rtl" ? -1 : 1;
    strip.current?.scrollBy({ left: direction * sign * SCROLL_STEP, behavior: "smooth" });
  };
  return (
    <section aria-labelledby="recent-heading" className="mt-8">
      <div className="mb-3 flex items-center justify-between">
        <h2 id="recent-heading" className="text-sm font-bold tracking-widest text-on-surface/70 uppercase">
          {t("branch.recentlyViewed")}
        </h2>
        <div className="flex gap-1">
          <button
            type="button"
            onClick={() => scroll(-1)}
            aria-label={t("branch.scrollBack")}
            className="inline-flex size-9 items-center justify-center rounded-full ring-1 ring-on-surface/15 hover:bg-on-surface/5"
          >
            <ChevronEndIcon className="-scale-x-100 rtl:scale-x-100" />
          </button>
          <button
            type="button"
            onClick={() => scroll(1)}
            aria-label={t("branch.scrollForward")}
            className="inline-flex size-9 items-center justify-center rounded-full ring-1 ring-on-surface/15 hover:bg-on-surface/5"
          >
            <ChevronEndIcon />
          </button>
        </div>
      </div>
      <ul ref={strip} data-testid="recent-strip" className="-mx-4 flex gap-3 overflow-x-auto scroll-smooth px-4 pb-2 [scrollbar-width:none]">
        {items.map((item) => (
          <li key={item.id} className="w-36 shrink-0">
            <Link
              to={`${base}/${item.menu_id}/${item.id}`}
              className="block overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10"
            >
              <div className="aspect-[4/3] bg-stone-200 dark:bg-stone-800">
                {item.image && <img src={item.image} alt="" width={144} height={108} loading="lazy" className="size-full object-cover" />}
              </div>
              <div className="p-2">
                <p className="truncate text-sm font-bold">{localized(item, "name", lang)}</p>
                <p className="text-xs text-on-surface/70">{priceText(payablePrice(item))}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
