// Whether a branch takes orders right now, as the diner's screens see it: the board's pause OR the
// branch's opening hours OR (for a dish) its menu's or its category's windows. The branch layout provides them, every add
// and checkout control asks `useOrderingHeld`, and the answer flips by itself when the pause ends or the
// branch or menu opens or closes, so a cached page never holds a diner back nor lets one order outside
// the hours.
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n";
import { isPaused, pauseEnds } from "../../worker/rules/availability";
import { stateAt, type OpenStretches } from "../../worker/rules/open-stretches";

interface Ordering {
  pausedUntil: number | null;
  /** When the branch is open, as the loader worked it out from its hours (null: always). */
  openStretches: OpenStretches;
  /** When each menu is served, by menu id, and each category with its own windows by `c{id}` (absent or null: whenever the branch is open). */
  menuStretches?: Readonly<Record<string, OpenStretches>>;
  /** Each of their windows on the render's day ("07:00–11:30"), for its notice, by the same keys. */
  menuWindows?: Readonly<Record<string, readonly string[]>>;
  /** The branch's zone, for saying the time an opening is at. */
  timeZone: string | null;
  /** The locale of each language for the restaurant's country (`ar-SA-u-ca-gregory`), chosen by the server
   *  with worker/rules/date-locale.ts, so the diner's first load carries no rule (its JavaScript budget). */
  locales: Readonly<Record<"en" | "ar", string>>;
  /** The clock the page was rendered with (its loader's): the first render uses it, so the server's HTML
   *  and hydration agree even when the page comes from a cache minutes later; the browser's takes over. */
  renderedAt: number;
}
const OrderingContext = createContext<Ordering>({ pausedUntil: null, openStretches: null, timeZone: null, locales: { en: "en", ar: "ar" }, renderedAt: 0 });

export function OrderingStateProvider({ children, ...state }: Ordering & { children: ReactNode }) {
  return <OrderingContext value={state}>{children}</OrderingContext>;
}

type Held = { held: null } | { held: "paused"; until: number } | { held: "closed"; opensAt: number | null } | { held: "menu"; opensAt: number | null };

/** What holds ordering at `now` (closed first: it says when ordering starts; then the dish's menu or category, by its key), and when that may change. */
function heldAt({ pausedUntil, openStretches, menuStretches }: Ordering, now: number, served: string | null): Held & { changesAt: number | null } {
  const opening = stateAt(openStretches, now);
  if (!opening.open) return { held: "closed", opensAt: opening.opensAt, changesAt: opening.opensAt };
  const menu = stateAt(served === null ? null : (menuStretches?.[served] ?? null), now);
  if (!menu.open) return { held: "menu", opensAt: menu.opensAt, changesAt: menu.opensAt };
  const paused = isPaused(pausedUntil, now);
  const pauseEnd = paused && pauseEnds(pausedUntil!) ? pausedUntil! : null;
  const changes = [pauseEnd, opening.closesAt, menu.closesAt].filter((t): t is number => t !== null);
  const changesAt = changes.length ? Math.min(...changes) : null;
  return paused ? { held: "paused", until: pausedUntil!, changesAt } : { held: null, changesAt };
}

/** The current hold (for a dish: its menu's or category's too, by `served`, the key of its windows); re-renders when it may change (a pause ending, an opening, a closing). */
function useHeld(served: string | null = null): Held & { at: number } {
  const state = useContext(OrderingContext);
  const [now, setNow] = useState<number | null>(null);
  const at = now ?? state.renderedAt;
  const held = heldAt(state, at, served);
  useEffect(() => {
    if (now === null) return void setNow(Date.now());
    if (held.changesAt === null) return;
    // Timers past 2^31 ms fire at once: wake at most daily and look again.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(held.changesAt - now, 0) + 50, 86_400_000));
    return () => clearTimeout(timer);
  }, [held.changesAt, now]);
  return { ...held, at };
}

/** Whether ordering is held now (paused, outside the opening hours, or the dish's menu or category not served): the one question controls ask. */
export const useOrderingHeld = (served: string | null = null): boolean => useHeld(served).held !== null;

/** Windows ("07:00–11:30") kept left to right inside Arabic text (each in a left-to-right isolate). */
export const ltrList = (windows: readonly string[]) => windows.map((w) => `\u2066${w}\u2069`).join(", ");

/**
 * "Ordering is paused", "Closed now, opens at …" or, for a menu's dish, "Served 07:00–11:30 / Served
 * again at …", in the branch's zone, while ordering is held (one box, three wordings).
 */
function HeldNotice({ held, served, className }: { held: Exclude<ReturnType<typeof useHeld>, { held: null }>; served: string | null; className: string }) {
  const { t, lang } = useTranslation();
  const { timeZone, locales, menuWindows } = useContext(OrderingContext);
  const format = (options: Intl.DateTimeFormatOptions, at: number) =>
    new Intl.DateTimeFormat(locales[lang], { ...options, timeZone: timeZone ?? undefined }).format(at);
  const time = (at: number) => format({ hour: "numeric", minute: "2-digit" }, at);
  const dayOf = (at: number) => format({ dateStyle: "short" }, at);
  // "opens at 07:00" today, "opens Friday at 07:00" on another day, or null: not within the week.
  const when = (opensAt: number | null, today: "closed.opensAt" | "served.opensAt", other: "closed.opensOn" | "served.opensOn") =>
    opensAt === null
      ? null
      : dayOf(held.at) === dayOf(opensAt)
        ? t(today, { time: time(opensAt) })
        : t(other, { day: format({ weekday: "long" }, opensAt), time: time(opensAt) });
  let lines: [testId: string, title: string, next: string | null, text: string];
  if (held.held === "menu") {
    const windows = menuWindows?.[served!] ?? [];
    lines = [
      "menu-not-served",
      windows.length ? t("served.windows", { windows: ltrList(windows) }) : t("served.notToday"),
      when(held.opensAt, "served.opensAt", "served.opensOn"),
      t("served.text"),
    ];
  } else if (held.held === "closed")
    lines = ["ordering-closed", when(held.opensAt, "closed.opensAt", "closed.opensOn") ?? t("closed.title"), null, t("closed.text")];
  else lines = ["ordering-paused", t("paused.title"), null, pauseEnds(held.until) ? t("paused.until", { time: time(held.until) }) : t("paused.untilResumed")];
  const [testId, title, next, text] = lines;
  return (
    <div role="status" data-testid={testId} className={`rounded-2xl bg-amber-100 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100 ${className}`}>
      <p className="font-bold">{title}</p>
      {next && <p className="text-sm font-semibold">{next}</p>}
      <p className="text-sm">{text}</p>
    </div>
  );
}

/** What holds ordering (for a dish, its windows' too, by their key), said while it holds. */
export function OrderingNotice({ className = "", served = null }: { className?: string; served?: string | null }) {
  const held = useHeld(served);
  return held.held === null ? null : <HeldNotice held={held} served={served} className={className} />;
}

/** On a menu's own screen: its (or the chosen category's) notice while the branch is open but it is not served (the layout says the rest). */
export function MenuNotice({ served, className = "" }: { served: string; className?: string }) {
  const held = useHeld(served);
  return held.held === "menu" ? <HeldNotice held={held} served={served} className={className} /> : null;
}

/** Whether a menu is served now, by its id (by the page's clock, flipping by itself at its next window change). */
export const useMenuServed = (menuId: string) => useHeld(menuId).held !== "menu";
