// Pause new orders at a branch in one touch: 15, 30 or 60 minutes or until resumed, and resume.
// Plain forms posting to /console/switches (they work before the page's script; with it, a fetcher
// keeps the board in place and its data is reloaded after the change).
import { useFetcher, useLocation } from "react-router";
import { isPaused, PAUSE_MINUTES, pauseEnds } from "../../../../worker/rules/availability";
import { useConsoleTranslation } from "~/locales/console";
import { useConsoleDates } from "~/lib/console-dates";

interface Props {
  branchId: number;
  pausedUntil: number | null;
  timeZone: string;
  /** The loader's clock, so the server's and the browser's first paint agree. */
  now: number;
}

const chip = "min-h-11 rounded-full px-4 font-bold ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-60 dark:ring-stone-600 dark:hover:bg-stone-800";

export function PauseControl({ branchId, pausedUntil, timeZone, now }: Props) {
  const { t } = useConsoleTranslation();
  const fetcher = useFetcher<{ ok?: true; error?: string }>();
  const { pathname, search } = useLocation();
  const busy = fetcher.state !== "idle";
  const paused = isPaused(pausedUntil, now);
  const dates = useConsoleDates(timeZone);
  const time = paused && pauseEnds(pausedUntil!) ? dates({ hour: "numeric", minute: "2-digit" }).format(pausedUntil!) : null;
  return (
    <fetcher.Form
      method="post"
      action="/console/switches"
      data-testid="pause-control"
      className={`flex flex-wrap items-center gap-2 rounded-2xl p-3 ${paused ? "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100" : "bg-white ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10"}`}
    >
      <input type="hidden" name="intent" value="pause" />
      <input type="hidden" name="branch" value={branchId} />
      <input type="hidden" name="back" value={pathname + search} />
      <p className="me-auto font-bold" role="status" data-testid="pause-state">
        {t("console.switches.pause.title")}:{" "}
        {paused ? (time ? t("console.switches.pause.pausedUntil", { time }) : t("console.switches.pause.pausedManual")) : t("console.switches.pause.open")}
      </p>
      {paused ? (
        <button type="submit" name="mode" value="resume" disabled={busy} className={`${chip} bg-emerald-700 text-white ring-0 hover:bg-emerald-800`}>
          {t("console.switches.pause.resume")}
        </button>
      ) : (
        <div role="group" aria-label={t("console.switches.pause.pauseFor")} className="flex flex-wrap items-center gap-2">
          <span className="text-sm">{t("console.switches.pause.pauseFor")}</span>
          {PAUSE_MINUTES.map((minutes) => (
            <button key={minutes} type="submit" name="mode" value={minutes} disabled={busy} className={chip}>
              {t("console.switches.pause.minutes", { count: minutes })}
            </button>
          ))}
          <button type="submit" name="mode" value="manual" disabled={busy} className={chip}>
            {t("console.switches.pause.manual")}
          </button>
        </div>
      )}
      {fetcher.data?.error && (
        <p role="alert" className="w-full text-sm font-bold text-red-700 dark:text-red-300">
          {t("console.switches.failed")}
        </p>
      )}
    </fetcher.Form>
  );
}
