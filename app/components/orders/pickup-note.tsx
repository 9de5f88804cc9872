// A pickup order on the diner's orders screen (docs/decisions/0055): when to collect it, on the branch's clock,
// and (`where`: in the order's sheet, not inside its card's button), once it is ready, where: the
// branch's address and a map link.
import { useOrderingTranslation } from "~/locales/ordering";
import { localized } from "~/lib/localized";
import { ORDER_STATUS } from "../../../worker/rules/status-table";
import { dateFormat } from "../../../worker/rules/date-locale";

interface Branch {
  address_en: string | null;
  address_ar: string | null;
  timeZone: string | null;
  country?: string | null;
}

export function PickupNote({ order, branch, where = false }: { order: { pickup_at: number | null; status: number }; branch: Branch; where?: boolean }) {
  const { t, lang } = useOrderingTranslation();
  if (order.pickup_at === null) return null;
  const time = dateFormat({ lang, country: branch.country, zone: branch.timeZone }, { timeStyle: "short" }).format(order.pickup_at);
  const address = localized(branch, "address", lang);
  return (
    <span data-testid="order-pickup" className="block text-sm font-bold">
      {t("orders.pickupAt", { time })}
      {where && order.status === ORDER_STATUS.ready && address && (
        <span className="block font-normal">
          {t("orders.pickupWhere", { address })}{" "}
          <a
            href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`}
            target="_blank"
            rel="noopener noreferrer"
            className="font-bold text-primary underline dark:text-on-surface"
          >
            {t("orders.pickupMap")}
          </a>
        </span>
      )}
    </span>
  );
}
