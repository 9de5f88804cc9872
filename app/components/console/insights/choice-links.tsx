// A segmented control made of links (the choice lives in the URL, so it works before the script
// loads and can be shared): the current choice is marked for sight and for screen readers.
import { Link } from "react-router";

interface Props {
  label: string;
  choices: readonly { key: string; text: string; to: string; current: boolean }[];
  testId: string;
}

export function ChoiceLinks({ label, choices, testId }: Props) {
  return (
    <nav aria-label={label} data-testid={testId}>
      <p className="text-xs font-bold text-stone-600 dark:text-stone-300">{label}</p>
      <ul className="mt-1 flex flex-wrap gap-1">
        {choices.map((c) => (
          <li key={c.key}>
            <Link
              to={c.to}
              aria-current={c.current ? "page" : undefined}
              preventScrollReset
              className={`inline-block rounded-full px-3 py-1.5 text-sm font-bold ring-1 ${c.current ? "bg-stone-900 text-white ring-stone-900 dark:bg-white dark:text-stone-900 dark:ring-white" : "ring-black/15 dark:ring-white/20"}`}
            >
              {c.text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
