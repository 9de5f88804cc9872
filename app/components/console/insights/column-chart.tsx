// A small column chart in plain CSS (no chart library): one column per hour or day, drawn in the
// reading direction (Arabic: right to left), with the numbers in a visually hidden table for screen
// readers. The columns themselves are hidden from them: the table says the same.
import { useId } from "react";

interface Column {
  /** The axis label under the column; "" leaves it unlabelled (room on a phone). */
  axis: string;
  /** The column's full name, in the table. */
  name: string;
  value: number;
}

interface Props {
  caption: string;
  keyLabel: string;
  valueLabel: string;
  columns: readonly Column[];
  testId: string;
}

export function ColumnChart({ caption, keyLabel, valueLabel, columns, testId }: Props) {
  const id = useId();
  const max = Math.max(1, ...columns.map((c) => c.value));
  return (
    <figure aria-labelledby={id} data-testid={testId} className="mt-3">
      <div aria-hidden="true" className="flex h-32 items-end gap-px border-b border-stone-300 dark:border-stone-600">
        {columns.map((c, i) => (
          <div key={i} title={`${c.name}: ${c.value}`} className="flex h-full min-w-0 flex-1 items-end">
            <div
              className="w-full rounded-t-sm bg-emerald-600 dark:bg-emerald-400"
              style={{ height: `${(c.value / max) * 100}%`, minHeight: c.value > 0 ? 2 : 0 }}
            />
          </div>
        ))}
      </div>
      {/* Labels start at their column, those in the last third end at it (so none runs past the chart). */}
      <div aria-hidden="true" className="relative h-5 pt-1 text-[11px] leading-4 text-stone-600 dark:text-stone-300">
        {columns.map(
          (c, i) =>
            c.axis && (
              <span
                key={i}
                className="absolute whitespace-nowrap"
                style={
                  i / columns.length < 2 / 3
                    ? { insetInlineStart: `${(i / columns.length) * 100}%` }
                    : { insetInlineEnd: `${((columns.length - 1 - i) / columns.length) * 100}%` }
                }
              >
                {c.axis}
              </span>
            ),
        )}
      </div>
      <figcaption id={id} className="mt-2 text-sm text-stone-600 dark:text-stone-300">
        {caption}
      </figcaption>
      <table className="sr-only">
        <thead>
          <tr>
            <th scope="col">{keyLabel}</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {columns.map((c, i) => (
            <tr key={i}>
              <th scope="row">{c.name}</th>
              <td>{c.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
