// The branch editor's weekly hours (several ranges a day, added and removed in place) and its
// exceptions (a date closed all day or with its own ranges). Plain form fields, read on the server
// with getAll in order, so a refused form comes back exactly as typed with messages beside the rows.
import { useState } from "react";
import { useHydrated } from "~/lib/hydrated";
import { useConsoleTranslation } from "~/locales/console";
import type { FieldProblem, TypedBranch } from "~/routes/console/branch-settings.server";
import { WEEKDAYS } from "../../../../worker/rules/opening-hours";
import { card, field, problemText, smallButton } from "./styles";

type Problems = Record<string, FieldProblem>;

function Problem({ problems, name }: { problems: Problems; name: string }) {
  const { t } = useConsoleTranslation();
  const problem = problems[name];
  return problem ? (
    <span id={`problem-${name}`} className={problemText}>
      {t(`console.branchSettings.problems.${problem}`)}
    </span>
  ) : null;
}

function TimeInputs({ names, value, invalid, label }: { names: [string, string]; value: { opens: string; closes: string }; invalid: boolean; label: string }) {
  const { t } = useConsoleTranslation();
  return (
    <>
      <label className="text-sm font-bold">
        {t("console.branchSettings.opens")}
        <input
          type="time"
          name={names[0]}
          defaultValue={value.opens}
          dir="ltr"
          aria-invalid={invalid || undefined}
          aria-label={`${label} ${t("console.branchSettings.opens")}`}
          className={field}
        />
      </label>
      <label className="text-sm font-bold">
        {t("console.branchSettings.closes")}
        <input
          type="time"
          name={names[1]}
          defaultValue={value.closes}
          dir="ltr"
          aria-invalid={invalid || undefined}
          aria-label={`${label} ${t("console.branchSettings.closes")}`}
          className={field}
        />
      </label>
    </>
  );
}

let nextKey = 0;
const keyed = <T,>(rows: T[]) => rows.map((row) => ({ row, key: nextKey++ }));

type Rows = ReturnType<typeof keyed<{ opens: string; closes: string }>>;

function Day({
  day,
  rows,
  setRows,
  anyHours,
  problems,
}: {
  day: (typeof WEEKDAYS)[number];
  rows: Rows;
  setRows: (update: (rows: Rows) => Rows) => void;
  anyHours: boolean;
  problems: Problems;
}) {
  const { t } = useConsoleTranslation();
  const hydrated = useHydrated();
  const name = t(`console.branchSettings.days.${day}`);
  return (
    <li data-testid={`hours-day-${day}`} className="border-t border-black/10 py-3 first:border-t-0 dark:border-white/10">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-bold">{name}</h3>
        <button
          type="button"
          disabled={!hydrated}
          data-testid={`add-range-${day}`}
          className={smallButton}
          onClick={() => setRows((r) => [...r, ...keyed([{ opens: "", closes: "" }])])}
        >
          {t("console.branchSettings.addRange")}
        </button>
      </div>
      {/* A day without ranges is closed, unless no day has any: then the branch is always open. */}
      {rows.length === 0 && (
        <p className="text-sm text-stone-600 dark:text-stone-300">{t(anyHours ? "console.branchSettings.closedDay" : "console.branchSettings.allDay")}</p>
      )}
      <Problem problems={problems} name={`hours-${day}`} />
      <ul className="grid gap-2">
        {rows.map(({ row, key }, i) => (
          <li key={key} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
            <TimeInputs names={[`opens-${day}`, `closes-${day}`]} value={row} invalid={!!problems[`hours-${day}-${i}`]} label={name} />
            <button type="button" disabled={!hydrated} className={smallButton} onClick={() => setRows((r) => r.filter((x) => x.key !== key))}>
              {t("console.branchSettings.removeRange")}
            </button>
            <span className="col-span-3">
              <Problem problems={problems} name={`hours-${day}-${i}`} />
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}

function Exceptions({ initial, problems }: { initial: TypedBranch["exceptions"]; problems: Problems }) {
  const { t } = useConsoleTranslation();
  const hydrated = useHydrated();
  const [rows, setRows] = useState(() => keyed(initial));
  const setKind = (key: number, kind: "closed" | "hours") => setRows((all) => all.map((x) => (x.key === key ? { ...x, row: { ...x.row, kind } } : x)));
  return (
    <section className={card} aria-labelledby="exceptions-title">
      <div className="flex items-center justify-between gap-2">
        <h2 id="exceptions-title" className="text-lg font-bold">
          {t("console.branchSettings.exceptions")}
        </h2>
        <button
          type="button"
          disabled={!hydrated}
          data-testid="add-exception"
          className={smallButton}
          onClick={() => setRows((r) => [...r, ...keyed([{ date: "", kind: "closed" as const, opens: "", closes: "" }])])}
        >
          {t("console.branchSettings.addException")}
        </button>
      </div>
      <p className="text-sm text-stone-600 dark:text-stone-300">{t("console.branchSettings.exceptionsHelp")}</p>
      <Problem problems={problems} name="exceptions" />
      <ul className="mt-2 grid gap-3">
        {rows.map(({ row, key }, i) => (
          <li
            key={key}
            data-testid="exception"
            className="grid grid-cols-2 items-end gap-2 border-t border-black/10 pt-3 first:border-t-0 dark:border-white/10"
          >
            <label className="text-sm font-bold">
              {t("console.branchSettings.date")}
              <input type="date" name="ex-date" defaultValue={row.date} dir="ltr" aria-invalid={!!problems[`ex-${i}`] || undefined} className={field} />
            </label>
            <label className="text-sm font-bold">
              {t("console.branchSettings.kind")}
              <select name="ex-kind" value={row.kind} onChange={(e) => setKind(key, e.target.value === "hours" ? "hours" : "closed")} className={field}>
                <option value="closed">{t("console.branchSettings.kindClosed")}</option>
                <option value="hours">{t("console.branchSettings.kindHours")}</option>
              </select>
            </label>
            {/* Always sent (empty when closed), so the server pairs each row's fields by position. */}
            <div className={`col-span-2 grid grid-cols-2 gap-2 ${row.kind === "closed" ? "hidden" : ""}`}>
              <TimeInputs
                names={["ex-opens", "ex-closes"]}
                value={row.kind === "closed" ? { opens: "", closes: "" } : row}
                invalid={!!problems[`ex-${i}`]}
                label={row.date}
              />
            </div>
            <button
              type="button"
              disabled={!hydrated}
              className={`${smallButton} justify-self-start`}
              onClick={() => setRows((r) => r.filter((x) => x.key !== key))}
            >
              {t("console.branchSettings.removeRange")}
            </button>
            <span className="col-span-2">
              <Problem problems={problems} name={`ex-${i}`} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Weekly hours and exceptions, from what was saved or refused (the form's key starts them afresh). */
export function HoursEditor({ typed, problems }: { typed: TypedBranch; problems: Problems }) {
  const { t } = useConsoleTranslation();
  const [week, setWeek] = useState(() => WEEKDAYS.map((day) => keyed(typed.weekly[day] ?? [])));
  const anyHours = week.some((rows) => rows.length > 0);
  return (
    <>
      <section className={card} aria-labelledby="hours-title">
        <h2 id="hours-title" className="text-lg font-bold">
          {t("console.branchSettings.hours")}
        </h2>
        <p className="text-sm text-stone-600 dark:text-stone-300">{t("console.branchSettings.hoursHelp")}</p>
        <ul className="mt-2">
          {WEEKDAYS.map((day) => (
            <Day
              key={day}
              day={day}
              rows={week[day]!}
              anyHours={anyHours}
              problems={problems}
              setRows={(update) => setWeek((all) => all.map((rows, d) => (d === day ? update(rows) : rows)))}
            />
          ))}
        </ul>
      </section>
      <Exceptions initial={typed.exceptions} problems={problems} />
    </>
  );
}
