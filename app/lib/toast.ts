// A tiny toast store (spec: info, warning, success, error, loading; 5000 ms by default, 2000 ms on
// cart and order toasts; paused while hovered or while the window is not focused; dragged away past
// 80 % of its width). Kept here rather than a library: see docs/decisions/0015-toasts.md.
import { useSyncExternalStore } from "react";

type ToastType = "info" | "warning" | "success" | "error" | "loading";

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
/** Cart and order toasts (docs/spec.txt section 9): short, the diner is in the middle of something. */
export const SHORT_DURATION = 2000;
/** The share of its width a toast must be dragged (either way) to be dismissed. */
const DRAG_AWAY_FRACTION = 0.8;

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

/** Whether a drag of `dx` pixels (either direction, so RTL too) takes a toast `width` wide away. */
export const isDraggedAway = (dx: number, width: number) => width > 0 && Math.abs(dx) >= width * DRAG_AWAY_FRACTION;

/** Why a toast's time is not running; it runs only while there is none. */
export type HoldReason = "hover" | "focus" | "window" | "drag";

export interface Countdown {
  hold(reason: HoldReason): void;
  release(reason: HoldReason): void;
  /** Cancels it for good (the toast left some other way). */
  stop(): void;
  /** Time left, in ms. */
  remaining(): number;
}

/** A toast's auto-close: `ms` of unheld time, then `onDone` once. */
export function createCountdown(ms: number, onDone: () => void): Countdown {
  let left = ms;
  let startedAt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let over = false;
  const holds = new Set<HoldReason>();
  const run = () => {
    if (over || timer !== null || holds.size > 0) return;
    startedAt = Date.now();
    timer = setTimeout(() => {
      timer = null;
      over = true;
      onDone();
    }, left);
  };
  const halt = () => {
    if (timer === null) return;
    clearTimeout(timer);
    timer = null;
    left = Math.max(0, left - (Date.now() - startedAt));
  };
  run();
  return {
    hold(reason) {
      holds.add(reason);
      halt();
    },
    release(reason) {
      holds.delete(reason);
      run();
    },
    stop() {
      halt();
      over = true;
    },
    remaining: () => (timer === null ? left : Math.max(0, left - (Date.now() - startedAt))),
  };
}
