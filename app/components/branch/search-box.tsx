// The product search box: a GET form to the branch's search screen with a visible Search button, so
// it works without JavaScript; with JavaScript it answers as the diner types (debounced), keeping the
// focus and the caret.
import { useEffect, useLayoutEffect, useRef } from "react";
import { Form, useLocation, useNavigate } from "react-router";
import { useTranslation } from "~/lib/i18n";
import { SearchIcon } from "../icons";

/** Quiet time after the last keystroke before the results are asked for. */
const SEARCH_DEBOUNCE_MS = 250;

/** Navigation state: where the caret was, so the search screen's box takes over the typing. */
interface CaretState {
  searchCaret?: number;
}
/** The last keystroke's text, for the box that takes over (keys typed while the screen changed). */
let typed: { value: string; caret: number } | null = null;

export function SearchBox({ base, defaultValue = "" }: { base: string; defaultValue?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const action = `${base}/search`;
  const onSearchScreen = location.pathname === action;

  // Arriving from another screen's box: keep typing where the diner was. A layout effect, so the
  // focus moves in the same task as the old box goes: no keystroke can fall in between.
  useLayoutEffect(() => {
    const caret = (location.state as CaretState | null)?.searchCaret;
    const field = input.current;
    if (typeof caret === "number" && field) {
      const latest = typed ?? { value: field.value, caret };
      field.value = latest.value;
      field.focus();
      field.setSelectionRange(latest.caret, latest.caret);
      if (latest.value.trim() !== defaultValue) timer.current = setTimeout(() => search(field), SEARCH_DEBOUNCE_MS);
    }
    typed = null;
    return () => clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arriving: the box's later values are the diner's own typing
  }, []);

  // Back/forward to another query: show it, unless the diner is typing here.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = defaultValue;
  }, [defaultValue]);

  const search = (field: HTMLInputElement) => {
    const q = field.value.trim();
    if (!q && !onSearchScreen) return;
    const state: CaretState = { searchCaret: field.selectionStart ?? field.value.length };
    // On the search screen each answer replaces the last (Back leaves search); elsewhere it opens it.
    void navigate(q ? `${action}?${new URLSearchParams({ q })}` : action, { replace: onSearchScreen, preventScrollReset: true, state });
  };

  return (
    <Form method="get" action={action} role="search" className="relative" onSubmit={() => clearTimeout(timer.current)}>
      <label htmlFor="menu-search" className="sr-only">
        {t("branch.searchLabel")}
      </label>
      <SearchIcon className="pointer-events-none absolute start-3.5 top-1/2 -translate-y-1/2 text-on-surface/50" />
      <input
        ref={input}
        id="menu-search"
        name="q"
        type="search"
        defaultValue={defaultValue}
        placeholder={t("branch.searchPlaceholder")}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        onInput={(e) => {
          const field = e.currentTarget;
          typed = { value: field.value, caret: field.selectionStart ?? field.value.length };
          clearTimeout(timer.current);
          timer.current = setTimeout(() => search(field), SEARCH_DEBOUNCE_MS);
        }}
        className="h-12 w-full rounded-2xl bg-white ps-11 pe-24 text-base shadow-sm ring-1 ring-black/10 placeholder:text-on-surface/50 focus:ring-2 focus:ring-primary focus:outline-none dark:bg-stone-900 dark:ring-white/15"
      />
      <button type="submit" className="absolute end-1.5 top-1/2 h-9 -translate-y-1/2 rounded-xl bg-primary px-4 text-sm font-bold text-on-primary">
        {t("extras.search")}
      </button>
    </Form>
  );
}
