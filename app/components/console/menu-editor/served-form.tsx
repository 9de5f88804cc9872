// When a menu (or a category, inside its menu's times) is served (docs/decisions/0051): whenever the
// branch (the menu) is, or one window on the chosen days (Breakfast 07:00–11:30; a closing before the
// opening runs past midnight) and optional first and last dates (an iftar menu). Plain fields, so it
// works before the script loads.
import { useState } from "react";
import { useConsoleTranslation } from "~/locales/console";
import type { MenuServed } from "../../../../worker/rules/menu-hours";
import { WEEKDAYS } from "../../../../worker/rules/opening-hours";
import { SaveRow } from "./save-row";
import { useEditorForm } from "./use-editor-form";
import { useConsoleDates } from "~/lib/console-dates";

const CODES = ["days", "time", "sameTimes", "dates", "date"] as const;
const input = "mt-1 block rounded-xl bg-white px-3 py-2 text-base ring-1 ring-black/15 dark:bg-stone-950 dark:ring-white/20";

/** A menu or a category with its windows (null: none of its own). */
export interface ServedRow {
  id: number;
  served: MenuServed | null;
}

/** The form's key: a menu's `served-{id}`, a category's `served-category-{id}`. */
export const servedKey = (level: "menu" | "category", id: number) => (level === "menu" ? `served-${id}` : `served-category-${id}`);

export function ServedForm({ level, row: menu }: { level: "menu" | "category"; row: ServedRow }) {
  const { t, lang } = useConsoleTranslation();
  const key = servedKey(level, menu.id);
  const { fetcher, errors, outcome, busy } = useEditorForm(key);
  const first = menu.served?.weekly[0];
  const [mode, setMode] = useState<"always" | "times">(menu.served ? "times" : "always");
  const days = new Set(menu.served?.weekly.map((w) => w.day) ?? WEEKDAYS);
  const dayName = useWeekdayName();
  const problem = (name: string) => {
    // A list's problem may name one of its items ("day.0").
    const code = errors[name] ?? Object.entries(errors).find(([key]) => key.startsWith(`${name}.`))?.[1];
    if (!code) return null;
    return (
      <span role="alert" className="block text-sm font-bold text-red-700 dark:text-red-300">
        {t(`console.menuEditor.served.errors.${(CODES as readonly string[]).includes(code) ? (code as (typeof CODES)[number]) : "time"}`)}
      </span>
    );
  };
  return (
    <fetcher.Form method="post" className="mt-2 grid gap-3" data-testid={`form-${key}`}>
      <input type="hidden" name="intent" value={`${level}-served`} />
      <input type="hidden" name="form" value={key} />
      <input type="hidden" name="id" value={menu.id} />
      <fieldset className="grid gap-2">
        <legend className="font-bold">{t(level === "menu" ? "console.menuEditor.served.title" : "console.menuEditor.served.categoryTitle")}</legend>
        {level === "category" && <p className="text-sm text-stone-600 dark:text-stone-300">{t("console.menuEditor.served.categoryHint")}</p>}
        {(["always", "times"] as const).map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input type="radio" name="served" value={value} checked={mode === value} onChange={() => setMode(value)} className="size-5" />
            {t(value === "always" && level === "category" ? "console.menuEditor.served.categoryAlways" : `console.menuEditor.served.${value}`)}
          </label>
        ))}
      </fieldset>
      {/* Read only in "times" mode (the server ignores them otherwise); dimmed, not hidden, so it works without the script. */}
      <fieldset className={`grid gap-3 ${mode === "always" ? "opacity-60" : ""}`}>
        <div>
          <p className="text-sm font-bold">{t("console.menuEditor.served.days")}</p>
          <div className="mt-1 flex flex-wrap gap-2">
            {WEEKDAYS.map((day) => (
              <label key={day} className="flex items-center gap-1 rounded-full bg-white px-3 py-1 ring-1 ring-black/15 dark:bg-stone-950 dark:ring-white/20">
                <input type="checkbox" name="day" value={day} defaultChecked={days.has(day)} className="size-4" />
                {dayName(day)}
              </label>
            ))}
          </div>
          {problem("day")}
        </div>
        <div className="flex flex-wrap gap-3">
          <label className="text-sm font-bold">
            {t("console.menuEditor.served.from")}
            <input type="time" name="opens" required defaultValue={first?.opens ?? "07:00"} dir="ltr" className={input} />
          </label>
          <label className="text-sm font-bold">
            {t("console.menuEditor.served.to")}
            <input type="time" name="closes" required defaultValue={first ? first.closes.replace("24:00", "00:00") : "11:30"} dir="ltr" className={input} />
          </label>
        </div>
        {problem("opens")}
        {problem("closes")}
        <p className="text-sm text-stone-600 dark:text-stone-300">{t("console.menuEditor.served.midnight")}</p>
        <div className="flex flex-wrap gap-3">
          <label className="text-sm font-bold">
            {t("console.menuEditor.served.firstDate")}
            <input type="date" name="from" defaultValue={menu.served?.from ?? ""} dir="ltr" className={input} />
          </label>
          <label className="text-sm font-bold">
            {t("console.menuEditor.served.lastDate")}
            <input type="date" name="until" defaultValue={menu.served?.until ?? ""} dir="ltr" className={input} />
          </label>
        </div>
        {problem("from")}
        {problem("until")}
        <p className="text-sm text-stone-600 dark:text-stone-300">{t("console.menuEditor.served.datesHint")}</p>
      </fieldset>
      <SaveRow busy={busy} saved={outcome?.ok === true} label={t("console.menuEditor.save")} />
    </fetcher.Form>
  );
}

/** A weekday's short name (0 = Sunday) in the console's language: 4 January 2026 was a Sunday, as a calendar date. */
function useWeekdayName() {
  const format = useConsoleDates("UTC")({ weekday: "short" });
  return (day: number) => format.format(Date.UTC(2026, 0, 4 + day));
}

/** A menu's or category's windows in a line ("Served 07:00–11:30 · Sun, Mon"), or null when it has none of its own. */
export function useServedSummary(menu: ServedRow): string | null {
  const { t, lang } = useConsoleTranslation();
  const day = useWeekdayName();
  if (!menu.served) return null;
  // Each window in a left-to-right isolate, so Arabic text keeps "07:00–11:30" in its order.
  const windows = [...new Set(menu.served.weekly.map((w) => `\u2066${w.opens}–${w.closes.replace("24:00", "00:00")}\u2069`))].join(", ");
  const days = menu.served.weekly.length === 0 ? "" : [...new Set(menu.served.weekly.map((w) => w.day))].map(day).join(lang === "ar" ? "، " : ", ");
  const dates = [menu.served.from, menu.served.until].some(Boolean) ? `${menu.served.from ?? "…"} – ${menu.served.until ?? "…"}` : "";
  return [windows ? t("console.menuEditor.served.summary", { windows }) : t("console.menuEditor.served.allDay"), days, dates].filter(Boolean).join(" · ");
}
