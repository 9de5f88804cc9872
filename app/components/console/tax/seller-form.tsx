// The seller's details on /console/tax: legal names, TRN, address, VAT rate, service charge and tips, and a
// Saudi seller's CRN and national address for its e-invoices.
// A plain form (works before JavaScript); a refused field says why beside it and keeps what was typed.
import { Form, useNavigation } from "react-router";
import { useConsoleTranslation } from "~/locales/console";
import type { TaxOutcome } from "~/routes/console/tax.server";
import type { SellerSettings } from "~/lib/console-types";

const FIELDS = ["legal_name_en", "legal_name_ar", "trn", "address", "vat_rate", "service_rate", "tips"] as const;
/** A Saudi seller's CRN and national address, named on its ZATCA e-invoices (docs/decisions/0073). */
const SAUDI = ["crn", "street", "building", "district", "city", "postal_code"] as const;
type Field = (typeof FIELDS)[number] | (typeof SAUDI)[number];
/** Fields typed left to right whatever the language (numbers, an Arabic name is typed in its own field). */
const LTR: readonly Field[] = ["legal_name_en", "trn", "vat_rate", "service_rate", "tips", "crn", "building", "postal_code"];
const field =
  "w-full rounded-xl border border-black/15 bg-white px-3 py-2 aria-[invalid]:border-red-700 dark:border-white/20 dark:bg-stone-950 dark:aria-[invalid]:border-red-400";

/** The stored value as the form shows it: percentages from basis points, tips as "10, 15, 20". */
function shown(seller: SellerSettings, f: Field): string {
  const value = seller[f];
  if (value === null) return "";
  if (f === "vat_rate" || f === "service_rate") return String((value as number) / 100);
  if (f === "tips") return (value as number[]).map((bp) => bp / 100).join(", ");
  return String(value);
}

export function SellerForm({ seller, outcome, saudi }: { seller: SellerSettings; outcome: TaxOutcome | undefined; saudi: boolean }) {
  const { t } = useConsoleTranslation();
  const busy = useNavigation().state === "submitting";
  const refused = outcome && !outcome.ok ? outcome : null;
  return (
    <Form
      method="post"
      aria-labelledby="seller-title"
      className="grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10"
    >
      <h2 id="seller-title" className="text-lg font-bold">
        {t("console.tax.sellerTitle")}
      </h2>
      {[...FIELDS, ...(saudi ? SAUDI : [])].map((f) => {
        const problem = refused?.problems[f];
        return (
          <div key={f} className="grid gap-1">
            <label htmlFor={`seller-${f}`} className="font-bold">
              {t(`console.tax.fields.${f}`)}
            </label>
            <p id={`seller-${f}-hint`} className="text-sm text-stone-600 dark:text-stone-300">
              {t(`console.tax.hints.${f}`, { rate: seller.default_vat / 100 })}
            </p>
            <input
              id={`seller-${f}`}
              name={f}
              data-testid={`seller-${f}`}
              defaultValue={refused ? (refused.typed[f] ?? "") : shown(seller, f)}
              dir={LTR.includes(f) ? "ltr" : f === "legal_name_ar" ? "rtl" : undefined}
              inputMode={f === "vat_rate" || f === "service_rate" ? "decimal" : f === "crn" || f === "building" || f === "postal_code" ? "numeric" : undefined}
              placeholder={f === "vat_rate" ? String(seller.default_vat / 100) : undefined}
              autoComplete="off"
              aria-invalid={problem ? true : undefined}
              aria-describedby={`seller-${f}-hint${problem ? ` seller-${f}-error` : ""}`}
              className={`${field} ${LTR.includes(f) && f !== "legal_name_en" ? "max-w-60" : ""}`}
            />
            {problem && (
              <p id={`seller-${f}-error`} className="text-sm font-bold text-red-800 dark:text-red-300">
                {t(`console.tax.problems.${problem}`)}
              </p>
            )}
          </div>
        );
      })}
      <button
        type="submit"
        disabled={busy}
        data-testid="save-seller"
        className="justify-self-start rounded-full bg-stone-900 px-5 py-2 font-bold text-white disabled:opacity-60 dark:bg-white dark:text-stone-900"
      >
        {t("console.tax.save")}
      </button>
    </Form>
  );
}
