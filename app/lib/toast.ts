// A tiny toast store (spec: info, warning, success, error, loading; 5000 ms by default, 2000 ms on
// cart and order toasts; paused while hovered or while the window is not focused).
import { useSyncExternalStore } from "react";

export type ToastType = "info" | "warning" | "success" | "error" | "loading";

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  detail?: string;
  /** Where a click on the toast goes. */
  href?: string;
  duration: number;
}

export const DEFAULT_DURATION = 5000;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: Omit<Toast, "id" | "duration"> & { duration?: number }): number {
  const id = nextId++;
  toasts = [...toasts, { duration: DEFAULT_DURATION, ...input, id }];
  emit();
  return id;
}

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

const none: Toast[] = [];
export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    () => none,
  );
}
