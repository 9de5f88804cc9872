// A dish's form (create or edit): names and descriptions in English and Arabic side by side, price and
// offer price, nutrition (./nutrition-fields.tsx), the flags, and beside it the diner's card as it will look, following what is typed.
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { BrandStyle } from "~/lib/brand";
import { amountField } from "~/lib/money";
import { useConsoleTranslation } from "~/locales/console";
import type { EditorDish } from "~/lib/console-types";
import { hasOffer } from "../../../../worker/rules/offer-price";
import { CardPreview, type PreviewValues } from "./card-preview";
import { Field } from "./field";
import { NutritionFields, nutritionOf } from "./nutrition-fields";
import { useEditorForm } from "./use-editor-form";
import { SaveRow } from "./save-row";

interface Props {
  formKey: string;
  /** Absent: a new dish in `category`. */
  dish?: EditorDish;
  category: number;
  brand: BrandStyle | null;
  currency: string;
  image: string | null;
}

const FLAGS = ["is_new", "common", "hidden", "unavailable"] as const;

function fromDish(dish: EditorDish | undefined, values: Record<string, string> | undefined, currency: string): PreviewValues & { hidden: boolean } {
  if (values) {
    return {
      name_en: values.name_en ?? "",
      name_ar: values.name_ar ?? "",
      description_en: values.description_en ?? "",
      description_ar: values.description_ar ?? "",
      price: values.price ?? "",
      price_offer: values.price_offer ?? "0",
      is_new: "is_new" in values,
      common: "common" in values,
      hidden: "hidden" in values,
      unavailable: "unavailable" in values,
    };
  }
  return {
    name_en: dish?.name_en ?? "",
    name_ar: dish?.name_ar ?? "",
    description_en: dish?.description_en ?? "",
    description_ar: dish?.description_ar ?? "",
    // In the currency's decimals: 1.250 KWD reads "1.250", as the owner typed it; no offer stays "0".
    price: dish ? amountField(dish.price, currency) : "",
    price_offer: dish && hasOffer(dish) ? amountField(dish.price_offer, currency) : "0",
    is_new: Boolean(dish?.is_new),
    common: Boolean(dish?.common),
    hidden: Boolean(dish?.hidden),
    unavailable: Boolean(dish?.unavailable),
  };
}

export function DishForm({ formKey, dish, category, brand, currency, image }: Props) {
  const { t } = useConsoleTranslation();
  const { fetcher, errors, values, outcome, busy } = useEditorForm(formKey);
  const initial = fromDish(dish, values, currency);
  const nutrition = nutritionOf(dish, values);
  const [live, setLive] = useState(initial);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.data?.ok && !dish) {
      form.current?.reset();
      setLive(fromDish(undefined, undefined, currency));
    }
  }, [fetcher.data, dish, currency]);
  const read = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "");
    setLive({
      name_en: text("name_en"),
      name_ar: text("name_ar"),
      description_en: text("description_en"),
      description_ar: text("description_ar"),
      price: text("price"),
      price_offer: text("price_offer"),
      is_new: data.has("is_new"),
      common: data.has("common"),
      hidden: data.has("hidden"),
      unavailable: data.has("unavailable"),
    });
  };
  const flagLabel = {
    is_new: t("console.menuEditor.isNew"),
    common: t("console.menuEditor.common"),
    hidden: t("console.menuEditor.hidden"),
    unavailable: t("console.menuEditor.unavailable"),
  };
  return (
    <div className="mt-2 grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <fetcher.Form ref={form} method="post" onChange={read} className="grid min-w-0 gap-3" data-testid={`form-${formKey}`}>
        <input type="hidden" name="intent" value={dish ? "dish-update" : "dish-create"} />
        <input type="hidden" name="form" value={formKey} />
        <input type="hidden" name={dish ? "id" : "category"} value={dish ? dish.id : category} />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            name="name_en"
            label={t("console.menuEditor.nameEn")}
            defaultValue={initial.name_en}
            error={errors.name_en}
            lang="en"
            dir="ltr"
            maxChars={80}
            autoComplete="off"
          />
          <Field
            name="name_ar"
            label={t("console.menuEditor.nameAr")}
            defaultValue={initial.name_ar}
            error={errors.name_ar}
            arabic
            maxChars={80}
            autoComplete="off"
          />
          <Field
            name="description_en"
            label={t("console.menuEditor.descriptionEn")}
            defaultValue={initial.description_en}
            error={errors.description_en}
            lang="en"
            dir="ltr"
            multiline
            maxChars={500}
          />
          <Field
            name="description_ar"
            label={t("console.menuEditor.descriptionAr")}
            defaultValue={initial.description_ar}
            error={errors.description_ar}
            arabic
            multiline
            maxChars={500}
          />
          <Field
            name="price"
            label={t("console.menuEditor.price")}
            defaultValue={initial.price}
            error={errors.price}
            currency={currency}
            inputMode="decimal"
            dir="ltr"
            required
            autoComplete="off"
          />
          <div>
            <Field
              name="price_offer"
              label={t("console.menuEditor.priceOffer")}
              defaultValue={initial.price_offer}
              error={errors.price_offer}
              currency={currency}
              inputMode="decimal"
              dir="ltr"
              autoComplete="off"
            />
            <p className="mt-1 text-xs text-stone-600 dark:text-stone-300">{t("console.menuEditor.offerHint")}</p>
          </div>
        </div>
        <NutritionFields initial={nutrition} errors={errors} />
        <fieldset>
          <legend className="text-sm font-bold">{t("console.menuEditor.flags")}</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {FLAGS.map((flag) => (
              <label key={flag} className="flex items-center gap-2 py-1 text-sm">
                <input type="checkbox" name={flag} defaultChecked={initial[flag]} className="size-5" />
                {flagLabel[flag]}
              </label>
            ))}
          </div>
        </fieldset>
        <SaveRow busy={busy} saved={outcome?.ok === true} label={dish ? t("console.menuEditor.save") : t("console.menuEditor.addDish")}>
          {outcome && !outcome.ok && outcome.problem !== "fields" && (
            <span role="alert" className="text-sm font-bold text-red-700">
              {t(`console.menuEditor.errors.${outcome.problem === "notEmpty" ? "invalid" : outcome.problem}`)}
            </span>
          )}
        </SaveRow>
      </fetcher.Form>
      <CardPreview values={live} image={image} brand={brand} currency={currency} />
    </div>
  );
}
