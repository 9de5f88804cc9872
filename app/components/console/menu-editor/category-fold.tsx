// A category's dishes and forms behind its name and dish count, so a menu of 200 dishes stays a list
// of categories to open; a plain <details>, so it opens before the page's script runs. A search opens
// every category with a match.
import { useState, type ReactNode } from "react";
import { useConsoleTranslation } from "~/locales/console";

interface Props {
  title: ReactNode;
  count: number;
  startOpen: boolean;
  forceOpen: boolean;
  children: ReactNode;
}

export function CategoryFold({ title, count, startOpen, forceOpen, children }: Props) {
  const { t } = useConsoleTranslation();
  const [open, setOpen] = useState(startOpen);
  return (
    <details
      open={open || forceOpen}
      onToggle={(event) => !forceOpen && setOpen(event.currentTarget.open)}
      className="group min-w-0 flex-1"
      data-testid="category-fold"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-xl py-1 [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="inline-block text-sm transition-transform group-open:rotate-90 rtl:-scale-x-100 rtl:group-open:-rotate-90">
          ▶
        </span>
        {title}
        <span className="ms-auto shrink-0 text-sm text-stone-600 tabular-nums dark:text-stone-300" data-testid="category-count">
          {t("console.menuEditor.dishCount", { count })}
        </span>
      </summary>
      {children}
    </details>
  );
}
