// A ranked list with bars (most viewed dishes or menus): each row is its name and number as text, so
// screen readers read it as it is; the bar under it, from the reading direction's start, is decoration.
import { localized, useLanguage } from "~/lib/localized";

interface Props {
  label: string;
  rows: readonly { id: number; name_en: string; name_ar: string; visits: number }[];
  empty: string;
  testId: string;
}

export function RankedList({ label, rows, empty, testId }: Props) {
  const lang = useLanguage();
  if (rows.length === 0)
    return (
      <p className="mt-2 text-sm text-stone-600 dark:text-stone-300" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  const max = Math.max(1, ...rows.map((r) => r.visits));
  return (
    <ol aria-label={label} data-testid={testId} className="mt-2 grid gap-2">
      {rows.map((row) => (
        <li key={row.id} data-testid={`${testId}-row`}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 truncate">{localized(row, "name", lang)}</span>
            <span className="font-bold tabular-nums">{row.visits}</span>
          </div>
          <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-stone-200 dark:bg-stone-800">
            <div className="h-2 rounded-full bg-emerald-600 dark:bg-emerald-400" style={{ width: `${(row.visits / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ol>
  );
}
