// A labelled text field with its problem beside it (aria-describedby), for the menu editor's forms.
// Arabic fields are right-to-left and marked as Arabic, whatever the console's language.
import { useId, useRef, type InputHTMLAttributes } from "react";
import { useConsoleTranslation } from "~/locales/console";
import { CharCounter, useCharCount } from "../char-counter";

type Props = Omit<InputHTMLAttributes<HTMLInputElement & HTMLTextAreaElement>, "name" | "id"> & {
  name: string;
  label: string;
  /** The field's problem code from the action (app/locales/console/menu-editor.*.ts "errors"). */
  error?: string;
  arabic?: boolean;
  multiline?: boolean;
  /** The longest the server keeps: a live "n / max" counter, never a maxlength cutting the text. */
  maxChars?: number;
  /** A price field's currency, named in its "step" problem (KWD prices go in steps of 0.010). */
  currency?: string;
};

const CODES = ["nameRequired", "tooLong", "price", "step", "offer", "textInvalid"] as const;

export function Field({ name, label, error, arabic, multiline, maxChars, currency, className, ...rest }: Props) {
  const { t } = useConsoleTranslation();
  const id = useId();
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [count, recount] = useCharCount(ref, rest.defaultValue);
  const message = error
    ? error === "calories" || error === "caffeine"
      ? t(`console.nutrition.errors.${error}`)
      : (CODES as readonly string[]).includes(error)
        ? t(`console.menuEditor.errors.${error as (typeof CODES)[number]}`, { max: maxChars ?? 80, currency: currency ?? "" })
        : t("console.menuEditor.errors.form")
    : null;
  const described = [error ? `${id}-error` : "", maxChars ? `${id}-count` : ""].filter(Boolean).join(" ");
  const shared = {
    id,
    name,
    ref,
    onInput: recount,
    "aria-invalid": error || (maxChars && count > maxChars) ? true : undefined,
    "aria-describedby": described || undefined,
    dir: arabic ? "rtl" : undefined,
    lang: arabic ? "ar" : undefined,
    className: `mt-1 block w-full rounded-xl bg-white px-3 py-2 text-base ring-1 ring-black/15 dark:bg-stone-950 dark:ring-white/20 ${error ? "ring-2 ring-red-600" : ""}`,
  };
  return (
    <div className={`min-w-0 ${className ?? ""}`}>
      <label htmlFor={id} className="text-sm font-bold">
        {label}
      </label>
      {multiline ? <textarea {...shared} rows={2} {...rest} /> : <input {...shared} {...rest} />}
      {maxChars && <CharCounter id={`${id}-count`} count={count} max={maxChars} />}
      {message && (
        <p id={`${id}-error`} className="mt-1 text-sm font-bold text-red-700 dark:text-red-400">
          {message}
        </p>
      )}
    </div>
  );
}
