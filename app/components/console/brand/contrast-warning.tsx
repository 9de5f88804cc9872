// The colours form's readability check: each text pair's contrast ratio as typed, and for a pair under
// WCAG AA (4.5:1) what to change. Announced politely as the owner types (it updates on every keystroke).
import { contrastChecks } from "~/lib/brand-contrast";
import type { BrandStyle } from "~/lib/brand";
import { useConsoleTranslation } from "~/locales/console";

export function ContrastWarning({ style }: { style: BrandStyle }) {
  const { t } = useConsoleTranslation();
  const checks = contrastChecks(style);
  const failing = checks.filter((c) => !c.ok);
  return (
    <div
      aria-live="polite"
      data-testid="contrast"
      data-failing={failing.length}
      className={`rounded-xl px-4 py-3 text-sm ${failing.length ? "bg-amber-100 text-amber-950" : "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"}`}
    >
      <p className="font-bold">{t("console.brand.contrastTitle")}</p>
      {failing.length === 0 ? (
        <p>{t("console.brand.contrastOk")}</p>
      ) : (
        <ul className="mt-1 grid gap-2">
          {failing.map((c) => (
            <li key={c.pair} data-testid={`contrast-${c.pair}`}>
              <span className="font-bold">{t(`console.brand.pairs.${c.pair}`)}: </span>
              <span dir="ltr" className="font-mono">
                {t("console.brand.ratio", { ratio: c.ratio.toFixed(1) })}
              </span>
              <span className="block">{t(`console.brand.fixes.${c.pair}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
