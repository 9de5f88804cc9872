// Grid (1, 2 or 3 columns) or list. The choice is a URL parameter, so the server renders it and
// nothing shifts after load; it is also kept in a cookie the server reads (app/lib/page-headers.ts),
// so the next menu, even a fresh load of one, is rendered the same way.
import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "~/lib/i18n";
import { Link, useLocation } from "react-router";
import { VIEWS, type View } from "~/lib/views";
import { GridIcon, ListIcon } from "../icons";

// The choice made on this page since it loaded. A client navigation's loader reads the cookie too,
// but its answer may have been prefetched (menu tabs prefetch on intent) before the choice.
let chosen: View | null = null;
const listeners = new Set<() => void>();

/** The cookie the server reads (its name and attributes come from the loader: `__Host-` on https). */
export interface ViewCookie {
  name: string;
  attributes: string;
}

function storeView(view: View, cookie: ViewCookie) {
  document.cookie = `${cookie.name}=${view}${cookie.attributes}`;
  chosen = view;
  listeners.forEach((l) => l());
}

/** The layout the view cookie holds now, if any. */
function storedView(name: string): string | null {
  const pair = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return pair ? pair.slice(name.length + 1) : null;
}
const isView = (value: string | null): value is View => (VIEWS as readonly (string | null)[]).includes(value);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The layout to draw: the loader's (the URL's ?view=, else the view cookie's, else the default),
 * unless the diner chose another on this page since it loaded and the URL names none. A fresh load
 * has made no choice yet, so hydration draws exactly what the server did.
 */
export function useChosenView(loaderView: View): View {
  const { search } = useLocation();
  const choice = useSyncExternalStore(
    subscribe,
    () => chosen,
    () => null,
  );
  return new URLSearchParams(search).has("view") ? loaderView : (choice ?? loaderView);
}

export function ViewToggle({ view, cookie }: { view: View; cookie: ViewCookie }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  // A tap before the page's script ran followed the plain link: the page it loaded names the layout
  // in its URL, but nothing stored the choice, so the next menu came in the older one (a slow phone's
  // early tap). Once the script runs, the URL's layout is kept as the choice, as the tap would have.
  const asked = new URLSearchParams(search).get("view");
  useEffect(() => {
    if (isView(asked) && storedView(cookie.name) !== asked) storeView(asked, cookie);
  }, [asked, cookie]);
  const hrefFor = (next: View) => {
    const params = new URLSearchParams(search);
    params.set("view", next);
    return `?${params}`;
  };
  const options: { view: View; label: string; content: React.ReactNode }[] = [
    { view: "list", label: t("product.list"), content: <ListIcon /> },
    ...([1, 2, 3] as const).map((count) => ({
      view: `grid${count}` as const,
      label: `${t("product.grid")} · ${t("product.columns", { count })}`,
      content: <span className="text-sm font-bold">{count}</span>,
    })),
  ];
  return (
    <div role="group" aria-label={t("product.layout")} className="flex items-center gap-1 rounded-full bg-on-surface/5 p-1">
      <GridIcon className="mx-1 size-4 text-on-surface/60" />
      {options.map((o) => (
        <Link
          key={o.view}
          to={hrefFor(o.view)}
          replace
          preventScrollReset
          onClick={() => storeView(o.view, cookie)}
          aria-current={view === o.view ? "true" : undefined}
          className="inline-flex size-8 items-center justify-center rounded-full text-on-surface/70 aria-[current=true]:bg-surface aria-[current=true]:text-on-surface aria-[current=true]:shadow-sm"
        >
          <span aria-hidden="true">{o.content}</span>
          <span className="sr-only">{o.label}</span>
        </Link>
      ))}
    </div>
  );
}
