// One dish in the editor: its order controls, name, flags and price; edit (a <details> opening into
// the form with the diner's-card preview), duplicate, delete, its picture, and the link to its
// options & allergens page.
import { Link } from "react-router";
import type { BrandStyle } from "~/lib/brand";
import { localized, useLanguage } from "~/lib/localized";
import { formatMoney } from "~/lib/money";
import { useConsoleTranslation } from "~/locales/console";
import type { EditorDish } from "~/lib/console-types";
import { hasOffer } from "../../../../worker/rules/offer-price";
import { PictureControl } from "../pictures/picture-control";
import { DeleteForm } from "./delete-form";
import { DishForm } from "./dish-form";
import { useEditorForm } from "./use-editor-form";

const flag = "rounded-full px-2 py-0.5 text-xs font-bold";
const action = "rounded-full px-3 py-1.5 text-sm font-bold ring-1 ring-black/15 dark:ring-white/20";

interface Props {
  dish: EditorDish;
  controls: React.ReactNode;
  brand: BrandStyle | null;
  currency: string;
  image: string | null;
}

export function DishRow({ dish, controls, brand, currency, image }: Props) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const name = localized(dish, "name", lang);
  const duplicate = useEditorForm(`duplicate-${dish.id}`);
  const editKey = `dish-${dish.id}`;
  const edit = useEditorForm(editKey);
  return (
    <div data-testid="console-dish" id={`dish-${dish.id}`} className="scroll-mt-4 py-2">
      <div className="flex flex-wrap items-center gap-2">
        {controls}
        {/* Both names, so a long list reads in either language at a glance. */}
        <span className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-3" data-testid="dish-names">
          <span className="font-bold" lang="en" dir="ltr">
            {dish.name_en}
          </span>
          <span className="font-bold" lang="ar" dir="rtl">
            {dish.name_ar}
          </span>
        </span>
        <span className="flex flex-wrap items-center gap-1.5 text-sm">
          {dish.is_new ? <span className={`${flag} bg-emerald-100 text-emerald-900`}>{t("console.menuEditor.isNew")}</span> : null}
          {dish.common ? <span className={`${flag} bg-amber-100 text-amber-900`}>{t("console.menuEditor.common")}</span> : null}
          {dish.hidden ? <span className={`${flag} bg-stone-200 text-stone-800`}>{t("console.screens.menu.hidden")}</span> : null}
          {dish.unavailable ? <span className={`${flag} bg-amber-100 text-amber-900`}>{t("console.screens.menu.unavailable")}</span> : null}
          {hasOffer(dish) && (
            <span className={`${flag} bg-emerald-100 text-emerald-900`}>
              {t("console.screens.menu.offer", { price: formatMoney(dish.price_offer, lang, currency) })}
            </span>
          )}
          <span className="font-bold">{formatMoney(dish.price, lang, currency)}</span>
        </span>
      </div>
      <div className="mt-2 flex flex-wrap items-start gap-2">
        <details className="basis-full" open={edit.problem === "fields" ? true : undefined}>
          <summary className={`${action} inline-block cursor-pointer`}>
            {t("console.menuEditor.edit")}
            <span className="sr-only"> {name}</span>
          </summary>
          <DishForm formKey={editKey} dish={dish} category={dish.category_id} brand={brand} currency={currency} image={image} />
        </details>
        <duplicate.fetcher.Form method="post">
          <input type="hidden" name="intent" value="dish-duplicate" />
          <input type="hidden" name="id" value={dish.id} />
          <button type="submit" disabled={duplicate.busy} className={action} aria-label={t("console.menuEditor.duplicateNamed", { name })}>
            {t("console.menuEditor.duplicate")}
          </button>
        </duplicate.fetcher.Form>
        <Link to={`/console/menu/dishes/${dish.id}`} className={action} data-testid="dish-options-link">
          {t("console.menuEditor.optionsAllergens")}
        </Link>
        <DeleteForm level="dish" id={dish.id} name={name} dishes={0} />
        <PictureControl target={`dish:${dish.id}`} image={image} label={t("console.pictures.dishPicture", { name })} compact />
      </div>
    </div>
  );
}
