// How an owner connects a Star CloudPRNT printer from the printer's own settings, step by step
// (/console/branches/:id/printers): the self-test slip, the printer's web page, CloudPRNT on, the URL
// pasted with a 5-second poll, then pairing the MAC that asks here.
import { useConsoleTranslation } from "~/locales/console";

const STEPS = ["selfTest", "webPage", "enable", "paste", "pair", "done"] as const;

export function PairingSteps() {
  const { t } = useConsoleTranslation();
  return (
    <section aria-labelledby="steps-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10">
      <h2 id="steps-title" className="text-lg font-bold">
        {t("console.printers.steps.heading")}
      </h2>
      <ol data-testid="pairing-steps" className="mt-2 grid list-decimal gap-2 ps-6">
        {STEPS.map((step) => (
          <li key={step}>{t(`console.printers.steps.${step}`)}</li>
        ))}
      </ol>
    </section>
  );
}
