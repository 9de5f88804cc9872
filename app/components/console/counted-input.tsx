// A text input with a live "n / max" under it in place of a maxlength that cuts a pasted word: the
// server refuses what is over the limit (422) and the form keeps it, so it can be shortened.
import { useId, useRef, type InputHTMLAttributes } from "react";
import { CharCounter, useCharCount } from "./char-counter";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "maxLength"> & { maxChars: number };

export function CountedInput({ maxChars, className, ...rest }: Props) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  const [count, recount] = useCharCount(ref, rest.defaultValue);
  return (
    <>
      <input ref={ref} {...rest} onInput={recount} aria-describedby={`${id}-count`} aria-invalid={count > maxChars || undefined} className={className} />
      <CharCounter id={`${id}-count`} count={count} max={maxChars} />
    </>
  );
}
