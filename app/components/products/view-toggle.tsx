// Grid (1, 2 or 3 columns) or list. The choice is a URL parameter, so the server renders it and
// nothing shifts after load; it is also kept on the device, so the next menu opens the same way.
import { useSyncExternalStore } from "react";
import { useTranslation } from "~/lib/i18n";
import { Link, useLocation } from "react-router";
import type { View } from "~/routes/tenant/product-list.server";
import { GridIcon, ListIcon } from "../icons";

const STORAGE_KEY = "productView";
// Every view, checked against the type: a stored value is untrusted text.
const KNOWN: Record<View, true> = { list: true, grid1: true, grid2: true, grid3: true };
const listeners = new Set<() => void>();

function storedView(): View | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value !== null && Object.hasOwn(KNOWN, value) ? (value as View) : null;
  } catch {
    return null; // storage refused (private mode, blocked): the URL's choice stands
  }
}

function storeView(view: View) {
  try {
    localStorage.setItem(STORAGE_KEY, view);
  } catch {
    // not kept: nothing else depends on it
  }
  listeners.forEach((l) => l());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The layout to draw: the URL's when it names one, else the diner's stored choice, else the loader's
 * default. Reading the device during a client navigation (switching menus) draws the list once, in
 * the right layout; only a fresh page load without `?view` switches after hydration.
 */
export function useChosenView(loaderView: View): View {
  const { search } = useLocation();
  const stored = useSyncExternalStore(subscribe, storedView, () => null);
  return new URLSearchParams(search).has("view") ? loaderView : (stored ?? loaderView);
}

export function ViewToggle({ view }: { view: View }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const hrefFor = (next: View) => {
    const params = new URLSearchParams(search);
    params.set("view", next);
    return `?${params}`;
  };
  const options: { view: View; label: string; content: React.ReactNode }[] = [
    { view: "list", label: t("product.list"), content: <ListIcon /> },
    { view: "grid1", label: `${t("product.grid")} · ${t("product.columns", { count: 1 })}`, content: <span className="text-sm font-bold">1</span> },
    { view: "grid2", label: `${t("product.grid")} · ${t("product.columns", { count: 2 })}`, content: <span className="text-sm font-bold">2</span> },
    { view: "grid3", label: `${t("product.grid")} · ${t("product.columns", { count: 3 })}`, content: <span className="text-sm font-bold">3</span> },
  ];
  return (
    <div role="group" aria-label={t("product.layout")} className="flex items-center gap-1 rounded-full bg-on-surface/5 p-1">
      <GridIcon className="mx-1 size-4 text-on-surface/60" />
      {options.map((o) => (
        <Link key={o.view} to={hrefFor(o.view)} replace preventScrollReset onClick={() => storeView(o.view)} aria-current={view === o.view ? "true" : undefined}
          className="inline-flex size-8 items-center justify-center rounded-full text-on-surface/70 aria-[current=true]:bg-surface aria-[current=true]:text-on-surface aria-[current=true]:shadow-sm">
          <span aria-hidden="true">{o.content}</span>
          <span className="sr-only">{o.label}</span>
        </Link>
      ))}
    </div>
  );
}
