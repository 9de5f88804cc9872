// Under the checkout's name and phone: they are kept on this device for the next order, and the visible
// way to remove them ("Forget my details"), which also empties the two fields (app/lib/diner-details.ts).
import { useOrderingTranslation } from "~/locales/ordering";

export function RememberedDetails({ onForget }: { onForget(): void }) {
  const { t } = useOrderingTranslation();
  return (
    <p className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-on-surface/75" data-testid="remembered-details">
      <span>{t("cart.detailsKept")}</span>
      <button type="button" onClick={onForget} className="font-bold text-primary underline underline-offset-4 dark:text-on-surface">
        {t("cart.forgetDetails")}
      </button>
    </p>
  );
}
