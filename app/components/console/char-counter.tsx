// A live "n / max" under a text field with a length limit: the field takes any length (no maxlength
// attribute cutting a pasted word), the counter turns red past the limit and the server refuses (422).
import { useCallback, useEffect, useState, type RefObject } from "react";
import { useConsoleTranslation } from "~/locales/console";

/** The field's length as typed, also after its form resets (an add form empties after a create). */
export function useCharCount(ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>, initial: unknown): [number, () => void] {
  const [count, setCount] = useState(typeof initial === "string" ? initial.length : 0);
  const read = useCallback(() => setCount((ref.current?.value ?? "").length), [ref]);
  useEffect(() => {
    read();
    const form = ref.current?.form;
    // A reset fires before the fields empty: read them once it is done.
    const onReset = () => setTimeout(read, 0);
    form?.addEventListener("reset", onReset);
    return () => form?.removeEventListener("reset", onReset);
  }, [read, ref, initial]);
  return [count, read];
}

export function CharCounter({ id, count, max }: { id: string; count: number; max: number }) {
  const { t } = useConsoleTranslation();
  const over = count > max;
  return (
    <p
      id={id}
      dir="ltr"
      data-testid="char-counter"
      aria-live={over ? "polite" : "off"}
      className={`mt-1 text-end text-xs tabular-nums ${over ? "font-bold text-red-700 dark:text-red-400" : "text-stone-600 dark:text-stone-300"}`}
    >
      {t("console.counter", { count, max })}
      {over && <span className="sr-only"> {t("console.counterOver", { count: count - max })}</span>}
    </p>
  );
}
