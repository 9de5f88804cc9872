// Diners' calls from tables on the board (docs/decisions/0055): above the columns, oldest first, each with its
// table, what is asked (a waiter; the bill, paid by card or at the counter) and its age, and one
// "On my way" tap (a plain form, so it works before JavaScript) that tells the diner's phone at once.
import { useFetcher } from "react-router";
import { useConsoleTranslation } from "~/locales/console";
import type { BoardOutcome } from "~/routes/console/orders.server";
import type { ServiceCall } from "~/lib/console-types";

function CallItem({ call, now, action }: { call: ServiceCall; now: number; action: string }) {
  const { t } = useConsoleTranslation();
  const fetcher = useFetcher<BoardOutcome>();
  const minutes = Math.max(0, Math.floor((now - call.created_at) / 60_000));
  return (
    <li
      data-testid="service-call"
      data-call-id={call.public_id}
      data-kind={call.kind}
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-3 ring-2 ring-sky-700/50 dark:bg-stone-900 dark:ring-sky-300/50"
    >
      <div className="min-w-0">
        <p className="text-xl font-bold">{t("console.board.calls.table", { table: call.table_id })}</p>
        <p className="font-bold text-sky-900 dark:text-sky-200">
          {t(`console.board.calls.${call.kind}`)}
          {call.pay && ` · ${t(`console.board.calls.${call.pay}`)}`}
        </p>
        <p className="text-sm text-stone-600 dark:text-stone-300">{minutes === 0 ? t("console.board.justNow") : t("console.board.minutes", { minutes })}</p>
      </div>
      <fetcher.Form method="post" action={action}>
        <input type="hidden" name="intent" value="ack" />
        <input type="hidden" name="call" value={call.public_id} />
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          data-testid="acknowledge-call"
          className="min-h-11 rounded-full bg-sky-800 px-4 py-2 font-bold text-white disabled:opacity-60 dark:bg-sky-300 dark:text-stone-950"
        >
          {t("console.board.calls.ack")}
        </button>
      </fetcher.Form>
    </li>
  );
}

/** The branch's open calls, or nothing when there are none. */
export function ServiceCalls({ calls, now, action }: { calls: readonly ServiceCall[]; now: number; action: string }) {
  const { t } = useConsoleTranslation();
  if (calls.length === 0) return null;
  return (
    <section aria-labelledby="calls-title" data-testid="board-calls" className="mt-4 rounded-3xl bg-sky-50 p-3 dark:bg-sky-950/40">
      <h2 id="calls-title" className="px-1 pb-2 text-lg font-bold">
        {t("console.board.calls.heading")} ({calls.length})
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {calls.map((call) => (
          <CallItem key={call.public_id} call={call} now={now} action={action} />
        ))}
      </ul>
    </section>
  );
}
