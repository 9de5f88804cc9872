// The menu editor's forms end alike: the submit button (held while the save is on its way) and, once
// saved, "Saved. Diners see it within seconds."; a form may add its own line after (children).
import type { ReactNode } from "react";
import { useConsoleTranslation } from "~/locales/console";

export function SaveRow({ busy, saved, label, children }: { busy: boolean; saved: boolean; label: string; children?: ReactNode }) {
  const { t } = useConsoleTranslation();
  return (
    <p className="flex flex-wrap items-center gap-3">
      <button type="submit" disabled={busy} className="rounded-full bg-amber-700 px-4 py-2 font-bold text-white disabled:opacity-60">
        {label}
      </button>
      {saved && (
        <span role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
          {t("console.menuEditor.saved")}
        </span>
      )}
      {children}
    </p>
  );
}
