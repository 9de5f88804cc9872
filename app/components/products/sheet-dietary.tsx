// A dish's allergens and dietary tags on its sheet and page: tags and allergens in words, "Allergens not
// declared" or "None of the 14", and always the note to ask staff (docs/decisions/0028).
import { useTranslation } from "~/lib/i18n";
import { ALLERGEN_PATH, Glyph, TAG_PATHS, UNKNOWN_PATH, type Facts } from "./dietary-glyphs";

export function SheetDietary({ product }: { product: Facts }) {
  const { t, lang } = useTranslation();
  const declared = product.allergens;
  const allergens = (declared ?? []).map((a) => t(`dietary.allergens.${a}`)).join(lang === "ar" ? "، " : ", ");
  const contains = t("dietary.contains", { list: allergens });
  const unknown = t("dietary.notDeclared");
  return (
    <div className="space-y-1.5 text-sm" data-testid="sheet-dietary">
      {product.tags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5">
          {product.tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-bold text-emerald-800 ring-1 ring-emerald-700/40 dark:text-emerald-300 dark:ring-emerald-300/40"
            >
              <Glyph d={TAG_PATHS[tag]} />
              {t(`dietary.tags.${tag}`)}
            </li>
          ))}
        </ul>
      )}
      {declared === null && (
        <p className="flex items-start gap-1.5 font-bold" data-testid="sheet-allergens-unknown">
          <Glyph d={UNKNOWN_PATH} />
          <span>{unknown}</span>
        </p>
      )}
      {declared !== null && declared.length > 0 && (
        <p className="flex items-start gap-1.5 text-amber-900 dark:text-amber-200">
          <Glyph d={ALLERGEN_PATH} />
          <span>{contains}</span>
        </p>
      )}
      {declared !== null && declared.length === 0 && (
        <p className="flex items-start gap-1.5" data-testid="sheet-allergens-none">
          <Glyph d="m5 12 5 5 9-10" />
          <span>{t("dietary.noneDeclared")}</span>
        </p>
      )}
      {/* Whatever is declared, the kitchen knows best: the sheet always says to ask. */}
      <p className="text-on-surface/70" data-testid="ask-staff">
        {t("dietary.askStaff")}
      </p>
    </div>
  );
}
