// The bottom sheet that is open, if any. A modal <dialog> makes everything outside it inert and
// draws it above the page, so toasts shown while a sheet is open (an order's live status, for one)
// must be rendered inside it to be seen and announced (app/components/toaster.tsx, bottom-sheet-dialog.tsx).
import { useSyncExternalStore } from "react";

const open: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function sheetOpened(dialog: HTMLDialogElement) {
  if (!open.includes(dialog)) open.push(dialog);
  emit();
}

export function sheetClosed(dialog: HTMLDialogElement) {
  const at = open.indexOf(dialog);
  if (at >= 0) open.splice(at, 1);
  emit();
}

/** The topmost open sheet, or null (always null on the server). */
export function useOpenSheet(): HTMLDialogElement | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open.at(-1) ?? null,
    () => null,
  );
}
