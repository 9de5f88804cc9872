// The board's word on the branch's kitchen printers (docs/decisions/0057): "Kitchen printer 'Hot line' offline
// since 12:04" once a paired printer has not polled for two minutes. The board's clock ticks, so a
// printer that was polling at load is checked again (one reload of the board's data) when its time
// would run out; one that comes back tells the board over its channel, and the notice goes.
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { useConsoleDates } from "~/lib/console-dates";
import { useConsoleTranslation } from "~/locales/console";
import { isOffline } from "../../../../worker/rules/printers";

interface Props {
  printers: readonly { id: number; name: string; last_poll_at: number | null }[];
  /** The board's ticking clock, and the server's time when the data was loaded. */
  now: number;
  loadedAt: number;
  timeZone: string | null;
}

export function PrinterNotice({ printers, now, loadedAt, timeZone }: Props) {
  const { t } = useConsoleTranslation();
  const dates = useConsoleDates(timeZone);
  const revalidator = useRevalidator();
  const checked = useRef(new Set<string>());
  // Online at load, overdue now: the data is asked again once (the printer may well have polled since).
  const overdue = printers.filter((p) => !isOffline(p.last_poll_at, loadedAt) && isOffline(p.last_poll_at, now)).map((p) => `${p.id}:${p.last_poll_at}`);
  useEffect(() => {
    const fresh = overdue.filter((k) => !checked.current.has(k));
    if (fresh.length === 0 || revalidator.state !== "idle") return;
    for (const k of fresh) checked.current.add(k);
    void revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by which printers are overdue (a new array each render) and the revalidator's state (a new object each render)
  }, [overdue.join(), revalidator.state]);

  const offline = printers.filter((p) => isOffline(p.last_poll_at, loadedAt));
  if (offline.length === 0) return null;
  const time = dates({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return (
    <div role="alert" data-testid="printer-offline" className="mt-3 rounded-xl bg-amber-100 px-4 py-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
      {offline.map((p) => (
        <p key={p.id} data-printer-id={p.id} className="font-bold">
          {t("console.board.printer.offline", { name: `\u2068${p.name}\u2069`, time: p.last_poll_at === null ? "—" : time.format(p.last_poll_at) })}
        </p>
      ))}
      <p className="text-sm">{t("console.board.printer.offlineHelp")}</p>
    </div>
  );
}
