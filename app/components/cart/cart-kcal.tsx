// The order's calories under the cart's lines (docs/decisions/0070): each line's kcal times its quantity.
// A line without kcal makes it "at least", never a smaller number passed off as the whole; none at all: nothing.
import { useTranslation } from "~/lib/i18n";
import type { CartLine } from "~/lib/cart";
import { orderKcal } from "../../../worker/rules/nutrition";

export function CartKcal({ cart }: { cart: readonly CartLine[] }) {
  const { t } = useTranslation();
  const { kcal, complete } = orderKcal(cart);
  if (kcal === null) return null;
  return (
    <p className="mt-3 flex items-center justify-between gap-3 text-sm text-on-surface/75" data-testid="cart-kcal" data-complete={complete}>
      <span>{t("nutrition.orderKcal")}</span>
      <span className="text-end font-bold">{complete ? t("nutrition.kcal", { kcal }) : t("nutrition.orderKcalPartial", { kcal })}</span>
    </p>
  );
}
