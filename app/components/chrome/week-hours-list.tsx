// The Info sheet's opening hours: "Open now · closes 23:00" and this week day by day (app/lib/week-hours.ts),
// times kept left-to-right in Arabic. Nothing for a branch without hours (always open).
import { useTranslation } from "~/lib/i18n";
import { weekHours } from "~/lib/week-hours";
import type { OpeningHours } from "../../../worker/rules/opening-hours";

export function WeekHoursList({ hours, timeZone, country, now }: { hours: OpeningHours | null; timeZone: string | null; country: string | null; now: number }) {
  const { t, lang } = useTranslation();
  const week = weekHours(hours, timeZone, now, lang, t, country);
  if (!week) return null;
  return (
    <section data-testid="branch-hours" aria-labelledby="branch-hours-title" className="mt-5">
      <h3 id="branch-hours-title" className="mb-1 text-sm font-bold tracking-widest text-on-surface/70 uppercase">
        {t("hours.title")}
      </h3>
      <p data-testid="hours-status" className={`mb-2 font-bold ${week.open ? "text-emerald-800 dark:text-emerald-300" : "text-red-800 dark:text-red-300"}`}>
        {week.status}
      </p>
      <table className="w-full text-sm">
        <tbody>
          {week.days.map((d) => (
            <tr key={d.day} data-testid="hours-day" aria-current={d.today ? "date" : undefined} className={d.today ? "font-bold" : "text-on-surface/85"}>
              <th scope="row" className="py-0.5 pe-3 text-start align-top font-[inherit]">
                {d.day}
                {d.today && <span className="text-on-surface/70"> · {t("hours.today")}</span>}
              </th>
              <td className="py-0.5 text-end align-top">
                {d.whole ??
                  d.ranges.map((r) => (
                    <span key={r.times} className="block">
                      <span dir="ltr">{r.times}</span>
                      {r.nextDay && <span className="text-on-surface/70"> {r.nextDay}</span>}
                    </span>
                  ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
