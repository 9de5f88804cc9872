// The diner's card for the dish being edited, in English and Arabic side by side, painted with the
// restaurant's colours: the real ProductCard under each language's own i18n, inert (nothing to click).
import { cleanBrand, type BrandStyle } from "~/lib/brand";
import { brandProps } from "~/lib/brand-props";
import { I18nProvider } from "~/lib/i18n";
import dictionaries, { type Language } from "~/locales";
import { useConsoleTranslation } from "~/locales/console";
import type { ProductCardData } from "~/routes/tenant/products.server";
import { ProductCard } from "../../products/product-card";
import { imageUrl } from "../../../../worker/rules/image-url";

export interface PreviewValues {
  name_en: string;
  name_ar: string;
  description_en: string;
  description_ar: string;
  price: string;
  price_offer: string;
  is_new: boolean;
  common: boolean;
  unavailable: boolean;
}

const amount = (text: string) => (Number.isFinite(Number(text)) && text.trim() !== "" ? Number(text) : 0);

export function CardPreview({ values, image, brand, currency }: { values: PreviewValues; image: string | null; brand: BrandStyle | null; currency: string }) {
  const { t } = useConsoleTranslation();
  const product: ProductCardData = {
    id: 0,
    menu_id: null,
    served: null,
    name_en: values.name_en,
    name_ar: values.name_ar,
    description_en: values.description_en || null,
    description_ar: values.description_ar || null,
    image: imageUrl(image),
    price: amount(values.price),
    price_offer: amount(values.price_offer),
    new: values.is_new,
    common: values.common,
    unavailable: values.unavailable,
    options: [],
    // Allergens and tags are edited on the dish's own page (Options & allergens), not in this form.
    allergens: [],
    tags: [],
    // The nutrition fields are uncontrolled (./nutrition-fields.tsx); the preview shows the saved dish's look without them.
    calories: null,
    caffeine_mg: null,
    high_salt: false,
  };
  const palette = cleanBrand(brand);
  const card = (lang: Language) => (
    <figure className="min-w-0">
      <figcaption className="mb-1 text-xs font-bold text-stone-600 dark:text-stone-300">
        {t(lang === "en" ? "console.menuEditor.previewEn" : "console.menuEditor.previewAr")}
      </figcaption>
      <I18nProvider lang={lang} strings={dictionaries[lang]}>
        <div
          {...brandProps(palette)}
          lang={lang}
          dir={lang === "ar" ? "rtl" : "ltr"}
          className="rounded-2xl bg-surface p-2 text-on-surface"
          data-testid={`preview-${lang}`}
        >
          <ul>
            <ProductCard product={product} href="#" view="grid1" currency={currency} eager={false} />
          </ul>
        </div>
      </I18nProvider>
    </figure>
  );
  return (
    <section aria-label={t("console.menuEditor.preview")} inert className="min-w-0">
      <h4 className="text-sm font-bold">{t("console.menuEditor.preview")}</h4>
      <div className="mt-1 grid grid-cols-2 gap-2">
        {card("en")}
        {card("ar")}
      </div>
    </section>
  );
}
