// Under a Phase-2 simplified invoice: the diner asks for a standard (B2B) tax invoice with their company's
// name, VAT number and national address (docs/decisions/0073). ZATCA clears it before the page shows it;
// if it does not, the simplified invoice stands and the page says so. Hidden when printing.
import { useFetcher } from "react-router";
import { useLanguage } from "~/lib/localized";
import type { B2bField, B2bOutcome } from "~/routes/tenant/invoice.server";
import { B2B_LABELS, type B2bLabel } from "./b2b-labels";

const FIELDS: { name: B2bField; pattern?: string; inputMode?: "numeric"; autoComplete?: string }[] = [
  { name: "company", autoComplete: "organization" },
  { name: "vat_number", pattern: "3[0-9]{13}3", inputMode: "numeric" },
  { name: "street", autoComplete: "address-line1" },
  { name: "building", pattern: "[0-9]{4}", inputMode: "numeric" },
  { name: "district" },
  { name: "city", autoComplete: "address-level2" },
  { name: "postal_code", pattern: "[0-9]{5}", inputMode: "numeric", autoComplete: "postal-code" },
];

export function B2bForm() {
  const lang = useLanguage();
  const say = (key: B2bLabel) => B2B_LABELS[key][lang === "ar" ? 1 : 0];
  const fetcher = useFetcher<B2bOutcome>();
  const outcome = fetcher.data;
  const refused = outcome && !outcome.ok ? outcome : null;
  return (
    <details data-testid="b2b" className="mt-4 rounded-2xl bg-surface p-4 ring-1 ring-black/10 print:hidden dark:ring-white/15" open={Boolean(refused)}>
      <summary className="cursor-pointer font-bold">{say("open")}</summary>
      <p className="mt-2 text-sm">{say("intro")}</p>
      {outcome?.ok && !outcome.cleared && (
        <div role="alert" data-testid="b2b-not-cleared" className="mt-3 rounded-xl bg-amber-100 px-3 py-2 text-sm text-amber-950">
          <p className="font-bold">{say("notCleared")}</p>
          <ul className="list-disc ps-4" dir="ltr">
            {outcome.messages.slice(0, 3).map((m, i) => (
              <li key={i}>{m.message}</li>
            ))}
          </ul>
        </div>
      )}
      {refused && (
        <p role="alert" data-testid="b2b-refused" className="mt-3 rounded-xl bg-red-100 px-3 py-2 text-sm font-bold text-red-900">
          {say(refused.problem)}
        </p>
      )}
      <fetcher.Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
        {FIELDS.map((f) => {
          const wrong = refused?.fields.includes(f.name) ?? false;
          return (
            <label key={f.name} className={`grid gap-1 text-sm font-bold ${f.name === "company" ? "sm:col-span-2" : ""}`}>
              {say(f.name)}
              <input
                name={f.name}
                required
                defaultValue={refused?.typed[f.name] ?? ""}
                pattern={f.pattern}
                inputMode={f.inputMode}
                autoComplete={f.autoComplete}
                aria-invalid={wrong || undefined}
                dir={f.inputMode ? "ltr" : undefined}
                className={`rounded-xl border bg-white px-3 py-2 font-normal text-stone-900 ${wrong ? "border-red-600" : "border-black/15"}`}
              />
            </label>
          );
        })}
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          data-testid="b2b-submit"
          className="rounded-full bg-primary px-4 py-2 font-bold text-on-primary sm:col-span-2"
        >
          {say("submit")}
        </button>
      </fetcher.Form>
    </details>
  );
}
