// One kitchen printer on its branch's page: its name, whether it is connected (last seen, offline
// since) or waiting to pair ("Printer 00:11:62:… is asking to connect — pair it"), what it last said
// and its waiting tickets; "Pair it", "New URL" and "Remove" are plain forms (they work before JavaScript).
import { Form } from "react-router";
import { useConsoleTranslation } from "~/locales/console";
import type { ConsolePrinter } from "~/lib/console-types";
import { isOffline } from "../../../../worker/rules/printers";

/** A MAC address or a status code inside a sentence, kept left to right in Arabic (a left-to-right isolate). */
const ltr = (text: string) => `\u2066${text}\u2069`;
const button = "min-h-11 rounded-full px-4 py-2 text-sm font-bold disabled:opacity-60";

interface Props {
  printer: ConsolePrinter;
  now: number;
  time: Intl.DateTimeFormat;
  busy: boolean;
}

function Action({
  printer,
  intent,
  busy,
  className,
  children,
  mac,
  confirm,
}: {
  printer: number;
  intent: string;
  busy: boolean;
  className: string;
  children: string;
  mac?: string;
  /** Asked before the form goes (a removal cannot be undone). */
  confirm?: string;
}) {
  return (
    <Form method="post" onSubmit={(event) => confirm && !window.confirm(confirm) && event.preventDefault()}>
      <input type="hidden" name="printer" value={printer} />
      {mac && <input type="hidden" name="mac" value={mac} />}
      <button type="submit" name="intent" value={intent} disabled={busy} data-testid={`printer-${intent}`} className={`${button} ${className}`}>
        {children}
      </button>
    </Form>
  );
}

export function PrinterItem({ printer, now, time, busy }: Props) {
  const { t } = useConsoleTranslation();
  const seen = printer.last_poll_at === null ? "—" : time.format(printer.last_poll_at);
  const online = !isOffline(printer.last_poll_at, now);
  return (
    <li
      data-testid="printer"
      data-printer-id={printer.id}
      data-paired={printer.mac !== null}
      className="grid gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10"
    >
      <p className="text-lg font-bold">
        <bdi>{printer.name}</bdi>
      </p>
      {printer.mac !== null ? (
        <>
          <p
            data-testid="printer-state"
            data-online={online}
            className={`font-bold ${online ? "text-emerald-800 dark:text-emerald-300" : "text-amber-800 dark:text-amber-300"}`}
          >
            {t(online ? "console.printers.state.online" : "console.printers.state.offline", { time: seen })}
          </p>
          <p className="text-sm text-stone-600 dark:text-stone-300">
            {t("console.printers.state.mac", { mac: ltr(printer.mac) })}
            {printer.status && <> · {t("console.printers.state.says", { status: ltr(printer.status) })}</>}
            {printer.waiting > 0 && <> · {t("console.printers.state.queued", { count: printer.waiting })}</>}
          </p>
        </>
      ) : printer.seen_mac !== null ? (
        <div data-testid="printer-asking" className="rounded-xl bg-sky-50 p-3 dark:bg-sky-950/50">
          <p className="font-bold">{t("console.printers.state.asking", { mac: ltr(printer.seen_mac) })}</p>
          <p className="text-sm">{t("console.printers.state.compare")}</p>
          <div className="mt-2">
            <Action printer={printer.id} intent="pair" mac={printer.seen_mac} busy={busy} className="bg-sky-800 text-white dark:bg-sky-300 dark:text-stone-950">
              {t("console.printers.pair")}
            </Action>
          </div>
        </div>
      ) : (
        <p data-testid="printer-state" className="text-stone-600 dark:text-stone-300">
          {t("console.printers.state.waiting")}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Action printer={printer.id} intent="renew" busy={busy} className="ring-1 ring-black/20 dark:ring-white/30">
          {t("console.printers.renew")}
        </Action>
        <Action
          printer={printer.id}
          intent="remove"
          busy={busy}
          confirm={t("console.printers.removeConfirm")}
          className="text-red-800 ring-1 ring-red-800/40 dark:text-red-300 dark:ring-red-300/40"
        >
          {t("console.printers.remove")}
        </Action>
      </div>
    </li>
  );
}
