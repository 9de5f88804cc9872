// A branch's pause on new orders (the board's switch), as the diner's screens see it: the branch
// layout provides the moment it ends, and every add and checkout control asks `useOrderingPaused`.
// The answer flips by itself when the moment passes, so a cached page never holds a diner back.
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n";
import { isPaused, pauseEnds } from "../../worker/api/ordering/availability";

interface Pause { until: number | null; timeZone: string | null }
const PauseContext = createContext<Pause>({ until: null, timeZone: null });

export function OrderingPauseProvider({ until, timeZone, children }: Pause & { children: ReactNode }) {
  return <PauseContext value={{ until, timeZone }}>{children}</PauseContext>;
}

/**
 * Whether ordering is paused now; re-renders when the pause ends. The first render trusts the page's
 * data (the loader leaves out a pause already over), so the server's HTML and hydration agree even
 * on a cached page; the browser's clock takes over right after.
 */
export function useOrderingPaused(): boolean {
  const { until } = useContext(PauseContext);
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const current = Date.now();
    if (now === null) return void setNow(current);
    if (!isPaused(until, current) || !pauseEnds(until!)) return;
    // Timers past 2^31 ms fire at once: wake at most daily and look again.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(until! - current + 50, 86_400_000));
    return () => clearTimeout(timer);
  }, [until, now]);
  return now === null ? until != null : isPaused(until, now);
}

/** "Ordering is paused", with the time it resumes in the branch's zone, where it is paused. */
export function PausedNotice({ className = "" }: { className?: string }) {
  const { t, lang } = useTranslation();
  const { until, timeZone } = useContext(PauseContext);
  if (!useOrderingPaused()) return null;
  const time = pauseEnds(until!)
    ? new Intl.DateTimeFormat(lang === "ar" ? "ar-AE" : "en-GB", { hour: "numeric", minute: "2-digit", timeZone: timeZone ?? undefined }).format(until!)
    : null;
  return (
    <div role="status" data-testid="ordering-paused" className={`rounded-2xl bg-amber-100 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100 ${className}`}>
      <p className="font-bold">{t("paused.title")}</p>
      <p className="text-sm">{time ? t("paused.until", { time }) : t("paused.untilResumed")}</p>
    </div>
  );
}
