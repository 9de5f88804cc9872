import { useTranslation } from "~/lib/i18n";

export function Badges({ product }: { product: { new: boolean; common: boolean; unavailable: boolean } }) {
  const { t } = useTranslation();
  if (!product.new && !product.common && !product.unavailable) return null;
  return (
    <ul className="flex flex-wrap gap-1">
      {product.new && <li className="rounded-full bg-emerald-700 px-2 py-0.5 text-[11px] font-bold text-white">{t("product.new")}</li>}
      {product.common && <li className="rounded-full bg-amber-700 px-2 py-0.5 text-[11px] font-bold text-white">{t("product.common")}</li>}
      {product.unavailable && <li className="rounded-full bg-stone-700 px-2 py-0.5 text-[11px] font-bold text-white">{t("product.unavailable")}</li>}
    </ul>
  );
}
