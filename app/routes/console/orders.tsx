// /console/orders: the live orders board of one branch. New, Preparing and Ready columns (stacked on
// a phone, side by side from a tablet up); one tap moves an order on, Cancel asks first, a manager's
// Refund opens the partial refund dialog (./orders-refund.server.ts answers it); today's
// canceled and older ready orders fold into a history list, except a refund that failed: it stays in
// sight with its retry until it is done. The branch's private channel sends each change with its row,
// applied in place; a gap in its numbers or a reconnect reloads the board's data (docs/decisions/0084).
// A kitchen printer of the branch that stopped polling is said above the columns.
import { useCallback, useRef, useState } from "react";
import { Form, useActionData, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/orders";
import { boardColumns } from "~/components/console/board/board-columns";
import { useBoardDialogs } from "~/components/console/board/board-dialogs";
import { BoardHistory } from "~/components/console/board/board-history";
import { useBoardClock } from "~/components/console/board/order-age";
import { OrderCard } from "~/components/console/board/order-card";
import { PauseControl } from "~/components/console/board/pause-control";
import { PrinterNotice } from "~/components/console/board/printer-notice";
import { ServiceCalls } from "~/components/console/board/service-calls";
import { SoldOutPanel } from "~/components/console/board/sold-out-panel";
import { useBoardAlert } from "~/components/console/board/use-board-alert";
import { useBoardFeed } from "~/components/console/board/use-board-feed";
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { SmsBudgetNotice } from "~/components/console/sms-budget-notice";
import { localized, useLanguage } from "~/lib/localized";
import { spreadReconnects } from "~/lib/spread-reconnects";
import { useRealtime } from "~/lib/use-realtime";
import { useRevalidateSoon } from "~/lib/use-revalidate-soon";
import { useConsoleTranslation } from "~/locales/console";
import type { ConsoleOrder } from "~/lib/console-types";
import { BOARD_EVENT, branchOrdersChannel, restaurantHub } from "../../../worker/realtime/channels";
import { useConsole } from "./layout";
import { boardAction, loadOrders, type BoardOutcome } from "./orders.server";
import { privatePageHeaders } from "~/lib/route-headers";

// An action's refusal (4xx) is answered without running the loader again: its own headers then.
export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadOrders(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return boardAction(request, context);
}

// A refused move (409: someone else moved it first) still reloads the board, so it shows the order where it is.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate;

export default function OrdersBoard({ loaderData }: Route.ComponentProps) {
  const { branches, branch, currency, smsBudget, canRefund, now: serverNow } = loaderData;
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const { member } = useConsole();
  const now = useBoardClock(serverNow);
  const reload = useRevalidateSoon();
  // The loader's rows, kept current by the branch's events (docs/decisions/0084).
  const feed = useBoardFeed(loaderData, branch?.id ?? 0, reload);
  const { orders, calls, printers } = feed.rows;
  const columns = boardColumns(orders);
  const here = branch ? `/console/orders?branch=${branch.id}` : "/console/orders";
  const numberOf = useCallback((id: number) => orders.find((o) => o.id === id)?.num_order ?? id, [orders]);

  // A refused move, said once (a card that moves column mounts again with the same fetcher's answer).
  const [notice, setNotice] = useState<string | null>(null);
  const seen = useRef(new WeakSet<object>());
  const onOutcome = useCallback(
    (outcome: BoardOutcome) => {
      if (seen.current.has(outcome)) return;
      seen.current.add(outcome);
      if (outcome.ok && "refund" in outcome && outcome.refund === "failed")
        return setNotice(t("console.board.problems.refundFailed", { number: numberOf(outcome.order_id) }));
      if (outcome.ok) return setNotice(null);
      setNotice(t(`console.board.problems.${outcome.problem}`, { number: "order_id" in outcome ? numberOf(outcome.order_id) : "" }));
    },
    [numberOf, t],
  );
  // Without JavaScript the form's answer comes back with the page.
  const actionData = useActionData<typeof action>();
  const shownNotice =
    notice ??
    (actionData && !actionData.ok
      ? t(`console.board.problems.${actionData.problem}`, { number: "order_id" in actionData ? numberOf(actionData.order_id) : "" })
      : actionData?.ok && "refund" in actionData && actionData.refund === "failed"
        ? t("console.board.problems.refundFailed", { number: numberOf(actionData.order_id) })
        : null);

  const { onCancel, onRefund, dialogs } = useBoardDialogs(orders, here, currency, canRefund);

  const { live } = useRealtime({
    // The restaurant's own channel server (docs/decisions/0038).
    hub: restaurantHub(member.domain),
    channels: branch ? [branchOrdersChannel(branch.id)] : [],
    event: BOARD_EVENT,
    onEvent: feed.onEvent,
    onReconnect: feed.onReconnect,
    // After a drop (a deploy drops every board's socket at once), each comes back at its own moment.
    attach: spreadReconnects,
  });

  const restaurant = localized(member, "name", lang);
  const title = useCallback(
    (count: number) => `${count > 0 ? t("console.board.tabTitle", { count }) : t("console.board.title")} · ${restaurant}`,
    [t, restaurant],
  );
  const alert = useBoardAlert({ pending: columns.pending.map((o) => o.id), calls: calls.map((c) => c.public_id), title });

  /** One order's card; `confirmHref`: where Cancel asks first without JavaScript. */
  const card = (order: ConsoleOrder, confirmHref: string) => (
    <OrderCard
      order={order}
      currency={currency}
      now={now}
      timeZone={branch?.time_zone ?? null}
      action={here}
      reprint={printers.length > 0}
      confirmHref={confirmHref}
      onCancel={onCancel}
      onRefund={onRefund}
      onOutcome={onOutcome}
    />
  );

  const column = (key: "new" | "preparing" | "ready", list: ConsoleOrder[]) => (
    <section aria-labelledby={`column-${key}`} data-testid={`column-${key}`} className="min-w-0 rounded-3xl bg-stone-100 p-3 dark:bg-stone-900/50">
      <h2 id={`column-${key}`} className="flex items-center justify-between px-1 pb-2 text-lg font-bold">
        {t(`console.board.columns.${key}`)}
        <span className="rounded-full bg-white px-2.5 py-0.5 text-sm dark:bg-stone-800" data-testid={`count-${key}`}>
          {list.length}
        </span>
      </h2>
      {list.length === 0 ? (
        <p className="px-1 pb-2 text-sm text-stone-600 dark:text-stone-400">{t("console.board.emptyColumn")}</p>
      ) : (
        <ul className="grid gap-3">
          {list.map((order) => (
            <li key={order.id}>{card(order, `${here}${here.includes("?") ? "&" : "?"}confirm=${order.id}`)}</li>
          ))}
        </ul>
      )}
    </section>
  );

  return (
    <section aria-labelledby="board-title" data-testid="orders-board" data-branch={branch?.id}>
      <SmsBudgetNotice budget={smsBudget} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="board-title" className="text-2xl font-bold">
            {t("console.board.title")}
          </h1>
          <p
            role="status"
            data-testid="board-live"
            data-live={live}
            className={`flex items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-bold ${live ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200" : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200"}`}
          >
            <span aria-hidden="true" className={`size-2 rounded-full ${live ? "bg-emerald-600" : "bg-amber-600"}`} />
            {live ? t("console.board.live") : t("console.board.reconnecting")}
          </p>
        </div>
        {branches.length > 1 && branch && (
          <Form method="get" className="flex items-center gap-2" data-testid="branch-picker">
            <label htmlFor="board-branch" className="text-sm font-bold">
              {t("console.board.branch")}
            </label>
            <select
              id="board-branch"
              name="branch"
              defaultValue={branch.id}
              key={branch.id}
              onChange={(e) => e.currentTarget.form?.requestSubmit()}
              className="rounded-xl border border-black/15 bg-white px-3 py-2 dark:border-white/20 dark:bg-stone-950"
            >
              {branches.map((b) => (
                <option key={b.id} value={b.id}>
                  {localized(b, "name", lang)}
                </option>
              ))}
            </select>
            <noscript>
              <button type="submit" className="rounded-full px-3 py-2 text-sm font-bold ring-1 ring-black/15">
                {t("console.board.branch")}
              </button>
            </noscript>
          </Form>
        )}
      </div>
      {branches.length === 1 && branch && <p className="mt-1 text-stone-600 dark:text-stone-300">{localized(branch, "name", lang)}</p>}

      {/* The branch's switches (pause ordering, sold-out dishes) live here, above the columns. */}
      {branch && (
        <div
          id="board-toolbar"
          data-testid="board-toolbar"
          aria-label={t("console.board.toolbar")}
          role="group"
          className="mt-3 grid gap-2 lg:grid-cols-2 lg:items-start"
        >
          <PauseControl branchId={branch.id} pausedUntil={branch.paused_until} timeZone={branch.time_zone} now={now} />
          <SoldOutPanel branchId={branch.id} />
        </div>
      )}

      <div className="mt-3 flex flex-wrap items-center gap-2">
        <audio ref={alert.audio} data-testid="chime" src="/sounds/chime.wav" loop preload="auto" />
        <audio ref={alert.callAudio} data-testid="call-sound" src="/sounds/call.wav" loop preload="auto" />
        {alert.soundOn ? (
          <p className="rounded-full px-3 py-2 text-sm font-bold ring-1 ring-black/10 dark:ring-white/15" data-testid="sound-on">
            {t("console.board.sound.on")}
          </p>
        ) : (
          <button
            type="button"
            onClick={alert.turnOnSound}
            data-testid="turn-on-sound"
            className="min-h-11 rounded-full bg-amber-500 px-4 py-2 font-bold text-stone-950"
          >
            {t("console.board.sound.turnOn")}
          </button>
        )}
        {alert.unacknowledged + alert.callsUnacknowledged > 0 && (
          <button
            type="button"
            onClick={alert.acknowledge}
            data-testid="acknowledge"
            className="relative min-h-11 rounded-full bg-red-700 px-4 py-2 font-bold text-white"
          >
            {/* The ring pulses, not the button: its words keep their full contrast at every moment (axe checks mid-pulse). */}
            <span
              aria-hidden="true"
              className="pointer-events-none absolute -inset-1 animate-pulse rounded-full ring-4 ring-red-500 motion-reduce:animate-none"
            />
            {t("console.board.sound.acknowledge")} ·{" "}
            {[
              alert.unacknowledged > 0 && t("console.board.sound.newOrders", { count: alert.unacknowledged }),
              alert.callsUnacknowledged > 0 && t("console.board.sound.newCalls", { count: alert.callsUnacknowledged }),
            ]
              .filter(Boolean)
              .join(" · ")}
          </button>
        )}
      </div>

      {shownNotice && (
        <p role="alert" data-testid="board-notice" className="mt-3 rounded-xl bg-red-100 px-4 py-3 font-bold text-red-900 dark:bg-red-950 dark:text-red-100">
          {shownNotice}
        </p>
      )}

      {branch && <PrinterNotice printers={printers} now={now} loadedAt={serverNow} timeZone={branch.time_zone} />}
      {branch && <ServiceCalls calls={calls} now={now} action={here} />}

      {columns.refunds.length > 0 && (
        <section
          aria-labelledby="refunds-title"
          data-testid="board-refunds"
          className="mt-4 rounded-3xl bg-red-50 p-3 ring-2 ring-red-700/40 dark:bg-red-950/40 dark:ring-red-300/40"
        >
          <h2 id="refunds-title" className="px-1 pb-2 text-lg font-bold text-red-900 dark:text-red-100">
            {t("console.board.refund.heading")}
          </h2>
          <ul className="grid gap-3 md:grid-cols-3">
            {columns.refunds.map((order) => (
              <li key={order.id}>{card(order, here)}</li>
            ))}
          </ul>
        </section>
      )}

      {!branch ? (
        <p className="mt-5 text-stone-600 dark:text-stone-300">{t("console.screens.orders.empty")}</p>
      ) : (
        <>
          <div className="mt-4 grid items-start gap-3 md:grid-cols-3">
            {column("new", columns.pending)}
            {column("preparing", columns.inProcess)}
            {column("ready", columns.ready)}
          </div>
          <BoardHistory orders={columns.history} currency={currency} />
        </>
      )}
      {dialogs}
    </section>
  );
}

export const ErrorBoundary = ConsoleErrorBoundary;
