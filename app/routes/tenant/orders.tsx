// /{domain}/{branch_id}/orders: the diner's orders, each opening a sheet with its details.
import { useEffect, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { useOrderingTranslation } from "~/locales/ordering";
import type { Route } from "./+types/orders";
import { BottomSheet } from "~/components/bottom-sheet";
import { PaidOrderNotice, type PaidOrderState } from "~/components/orders/paid-order-notice";
import { TableLabel } from "~/components/branch/table-label";
import { PickupNote } from "~/components/orders/pickup-note";
import { RateOrder } from "~/components/orders/rate-order";
import { rateAction } from "./rate.server";
import { TenantErrorBoundary } from "~/components/error-screen";
import { OrderMoney } from "~/components/orders/order-money";
import { OrderChoices } from "~/components/orders/order-choices";
import { localized, useLanguage } from "~/lib/localized";
import { formatMoney } from "~/lib/money";
import { tenantTitle } from "~/lib/seo";
import { SHORT_DURATION, toast } from "~/lib/toast";
import { useRealtime } from "~/lib/use-realtime";
import { usePreloadWhenIdle } from "~/lib/when-idle";
import { statusName, type OrderStatusName } from "../../../worker/rules/status-table";
import { ORDER_STATUS_EVENT, type Hub } from "../../../worker/realtime/channels";
import { useBranch } from "./branch-layout";
import { loadOrders, type OrdersData } from "./orders.server";
import { roundMoney } from "~/lib/money";
import { dateFormat } from "../../../worker/rules/date-locale";
import { privatePageHeaders } from "~/lib/route-headers";

export const handle = { back: "home" };
export const meta: Route.MetaFunction = (args) => tenantTitle(args, (_, t) => t("nav.orders"));
export const headers: Route.HeadersFunction = privatePageHeaders;

export async function action({ request, params, context }: Route.ActionArgs) {
  return rateAction(request, context, params);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadOrders(request, context, params);
}

type Order = OrdersData["orders"][number];
/** A card order whose payment the provider has not confirmed yet (a canceled one never will be). */
const awaitingPayment = (o: Order) => o.paymentPending && statusName(o.status) !== "canceled";
// By the status table's names (worker/rules/status-table.ts), as the labels in app/locales.
const STATUS_COLOURS: Record<OrderStatusName, string> = {
  pending: "bg-amber-100 text-amber-900",
  inProcess: "bg-sky-100 text-sky-900",
  ready: "bg-emerald-100 text-emerald-900",
  canceled: "bg-stone-200 text-stone-800",
};

function useOrderText() {
  const { t, lang: language } = useOrderingTranslation();
  const lang = useLanguage();
  const { restaurant, branch } = useBranch();
  const { currency } = restaurant;
  /** Its status in words; a pickup order that is ready is "Ready for pickup". */
  const of = (o: Pick<Order, "status" | "pickup_at">) =>
    o.pickup_at !== null && statusName(o.status) === "ready" ? t("orders.readyForPickup") : t(`orders.statuses.${statusName(o.status)}`);
  return {
    of,
    /**
     * Its status with its refunds: "Cancelled · refunded 82.00 AED" (or on its way), or a paid order refunded in
     * part: "Being prepared · refunded 1.00 AED of 82.00 AED" (or on its way).
     */
    said: (o: Pick<Order, "refund" | "status" | "pickup_at" | "price">) => {
      const cancelled = statusName(o.status) === "canceled";
      const { refund } = o;
      const said = !refund
        ? cancelled
          ? t("orders.cancelled")
          : of(o)
        : t(`orders.${refund.status === "succeeded" ? "refunded" : "refundOnItsWay"}${cancelled ? "" : "Part"}`, {
            amount: formatMoney(refund.amount, lang, currency),
            total: formatMoney(o.price, lang, currency),
            status: of(o),
          });
      return refund?.demo ? t("orders.demoRefund", { text: said }) : said;
    },
    date: (iso: string | null) => {
      const d = iso ? new Date(iso.includes("T") ? iso : `${iso.replace(" ", "T")}Z`) : null;
      return d && !Number.isNaN(d.getTime())
        ? dateFormat({ lang: language, country: branch.country, zone: branch.timeZone }, { dateStyle: "medium", timeStyle: "short" }).format(d)
        : "";
    },
    lang,
  };
}

// Chunks of their own, off the first load: the live event's schema and the cart's code.
const loadStatusEvent = () => import("~/lib/order-status-event");
const loadCart = () => import("~/lib/cart");

/**
 * Orders with their live status: the restaurant's changes arrive on each order's channel (named by
 * the loader, embedded API only) and are shown at once with a toast; after the connection comes
 * back from a drop the loader runs again, since events sent meanwhile are not replayed.
 */
function useLiveOrders(hub: Hub, orders: readonly Order[]) {
  const { t } = useOrderingTranslation();
  const text = useOrderText();
  const revalidator = useRevalidator();
  // Statuses that arrived live, for this loader answer only: fresh loader data supersedes them.
  const [live, setLive] = useState<{ of: readonly Order[]; status: ReadonlyMap<number, number> }>({ of: orders, status: new Map() });
  const liveStatus = live.of === orders ? live.status : new Map<number, number>();
  const channels = orders.flatMap((o) => (o.channel ? [o.channel] : []));
  usePreloadWhenIdle(loadStatusEvent);
  const { live: connected } = useRealtime({
    hub,
    channels,
    event: ORDER_STATUS_EVENT,
    // Events keep their order: each waits for the same (once fetched, already resolved) module.
    onEvent: (channel, data) =>
      void loadStatusEvent().then(({ readStatusEvent }) => {
        const event = readStatusEvent(data);
        const order = orders.find((o) => o.channel === channel);
        if (!event || !order || event.order_id !== order.id) return;
        // A payment decided: the loader tells what it means (thanks and the cart cleared, or not completed).
        // A refund attempted: the loader tells its amount and state.
        if (event.paid !== undefined || event.refund !== undefined) return void revalidator.revalidate();
        setLive((l) => ({ of: orders, status: new Map(l.of === orders ? l.status : []).set(order.id, event.status) }));
        toast({
          type: "info",
          message: t("orders.statusChanged", { number: order.num_order, status: text.of({ ...order, status: event.status }) }),
          duration: SHORT_DURATION,
        });
      }),
    onReconnect: () => void revalidator.revalidate(),
  });
  const withLive = orders.map((o) => (liveStatus.has(o.id) ? { ...o, status: liveStatus.get(o.id)! } : o));
  const following = channels.length > 0 && connected;
  // A payment confirmed between the loader's answer and the subscription would never be heard: look once more.
  const waiting = orders.some(awaitingPayment);
  useEffect(() => {
    if (following && waiting) void revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per subscription (not per revalidator identity, which changes as it runs)
  }, [following]);
  return { orders: withLive, connected: following };
}

/**
 * After an order by SMS code or a hosted payment the loader names the order (`?order=`): once this screen
 * shows it placed (a code order at once; a card order once paid: the provider's webhook, not the return,
 * says so), the device forgets the cart (its name, phone and note are never stored),
 * and the marker leaves the URL so a later reload cannot clear a new cart. A cancelled payment never
 * comes here, and an unconfirmed return (no such order shown) keeps the cart.
 */
function useClearPaidCart(branchId: number, paidOrder: number | null, orders: readonly Order[]) {
  const navigate = useNavigate();
  const confirmed = paidOrder !== null && orders.some((o) => o.id === paidOrder && !o.paymentPending);
  useEffect(() => {
    if (!confirmed) return;
    void loadCart().then(({ clearCart }) => {
      clearCart(branchId);
      void navigate("?justOrdered=true", { replace: true, preventScrollReset: true });
    });
  }, [confirmed, branchId, navigate]);
}

/**
 * The just-placed order's state, for the notice above the list: the one named (a card payment's return),
 * else the newest (a code order, or a paid one whose marker left the URL); a cancelled one is never thanked.
 */
function paidState(paidOrder: number | null, orders: readonly Order[]): { state: PaidOrderState; order?: Order } {
  const order = paidOrder === null ? orders[0] : orders.find((o) => o.id === paidOrder);
  if (order?.paymentPending) return { state: awaitingPayment(order) ? "confirming" : "failed" };
  if (order && statusName(order.status) === "canceled") return { state: "cancelled", order };
  return { state: "confirmed" };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t } = useOrderingTranslation();
  const branch = useBranch();
  const text = useOrderText();
  const { orders, connected } = useLiveOrders(loaderData.hub, loaderData.orders);
  useClearPaidCart(branch.branch.id, loaderData.paidOrder, loaderData.orders);
  // The sheet follows the order by id, so live and reloaded statuses show in it too.
  const [openId, setOpenId] = useState<number | null>(null);
  const open = orders.find((o) => o.id === openId) ?? null;
  const money = (n: number) => formatMoney(n, text.lang, branch.restaurant.currency);
  return (
    <main id="main" className="mx-auto max-w-xl px-4" data-live={connected}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("orders.title")}</h1>
        <TableLabel table={branch.table} />
      </div>
      {loaderData.justOrdered &&
        (() => {
          const { state, order } = paidState(loaderData.paidOrder, orders);
          return (
            <PaidOrderNotice
              state={state}
              cancelled={order ? text.said(order) : ""}
              checkAgain={`?justOrdered=true&order=${loaderData.paidOrder}`}
              cart={`${branch.base}/cart`}
            />
          );
        })()}
      {orders.length === 0 && loaderData.justOrdered ? (
        // Thanks, but no order to show (a backend that cannot confirm the payment here): never "no orders" beneath.
        <p data-testid="order-pending" className="pt-4 text-center text-on-surface/75">
          {t("orders.willAppear")}
        </p>
      ) : orders.length === 0 ? (
        <div className="pt-10 text-center">
          <p className="text-xl font-bold">{t("orders.empty")}</p>
          {!loaderData.signedIn && <p className="mt-2 text-on-surface/75">{t("orders.signIn")}</p>}
        </div>
      ) : (
        <ul className="space-y-3">
          {orders.map((order) => (
            <li key={order.id}>
              <button
                type="button"
                onClick={() => setOpenId(order.id)}
                data-testid="order-card"
                data-order-id={order.id}
                className="w-full rounded-2xl bg-white p-4 text-start shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10"
              >
                <span className="flex flex-wrap items-center justify-between gap-1">
                  <strong>{t("orders.number", { number: String(order.num_order) })}</strong>
                  {awaitingPayment(order) ? (
                    <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold text-amber-900">{t("orders.confirmingPayment")}</span>
                  ) : (
                    <span data-testid="order-badge" className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${STATUS_COLOURS[statusName(order.status)]}`}>
                      {text.said(order)}
                    </span>
                  )}
                </span>
                <span className="mt-1 block font-bold">{money(order.price)}</span>
                <PickupNote order={order} branch={branch.branch} />
                <span data-testid="order-card-items" className="block text-sm">
                  {order.items.map((item, i) => (
                    <span key={i} className="block">
                      <span dir="ltr">{item.amount}×</span> {localized(item.product, "name", text.lang)}
                    </span>
                  ))}
                </span>
                {order.note && <span className="block text-sm text-on-surface/75">{order.note}</span>}
                <span className="block text-sm text-on-surface/75">{text.date(order.created_at)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {loaderData.signedIn && !loaderData.all && loaderData.orders.length > 0 && (
        <Link to="?all=1" className="mt-4 inline-block font-bold text-primary underline-offset-4 hover:underline dark:text-on-surface">
          {t("orders.showAll")}
        </Link>
      )}
      <BottomSheet open={open !== null} onClose={() => setOpenId(null)} title={open ? t("orders.number", { number: String(open.num_order) }) : ""}>
        {open && (
          <div className="space-y-3 pb-2" data-testid="order-sheet">
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <dt className="text-on-surface/70">{t("orders.value")}</dt>
              <dd className="font-bold">{money(open.price)}</dd>
              <dt className="text-on-surface/70">{t("orders.date")}</dt>
              <dd>{text.date(open.created_at)}</dd>
              <dt className="text-on-surface/70">{t("orders.status")}</dt>
              <dd data-testid="order-status">{text.said(open)}</dd>
              {open.note && (
                <>
                  <dt className="text-on-surface/70">{t("orders.note")}</dt>
                  <dd>{open.note}</dd>
                </>
              )}
            </dl>
            <PickupNote order={open} branch={branch.branch} where />
            <RateOrder order={open} />
            <OrderMoney order={open} lang={text.lang} currency={branch.restaurant.currency} base={branch.base} />
            <h3 className="font-bold">{t("orders.items")}</h3>
            <ul className="space-y-2">
              {open.items.map((item, i) => (
                <li key={i} className="rounded-xl bg-on-surface/5 p-3 text-sm">
                  <p className="font-bold">{localized(item.product, "name", text.lang)}</p>
                  <OrderChoices options={item.option} lang={text.lang} currency={branch.restaurant.currency} step={branch.restaurant.chargeStep} />
                  {item.note && <p className="text-on-surface/75 italic">“{item.note}”</p>}
                  <p>
                    {item.amount} x <bdi>{money(item.price)}</bdi> ={" "}
                    <strong>
                      <bdi>{money(roundMoney(item.amount * item.price, branch.restaurant.currency))}</bdi>
                    </strong>
                  </p>
                </li>
              ))}
            </ul>
          </div>
        )}
      </BottomSheet>
    </main>
  );
}

export const ErrorBoundary = TenantErrorBoundary;
