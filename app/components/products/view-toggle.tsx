// Grid (1, 2 or 3 columns) or list; the choice is a URL parameter, so the server renders it and
// nothing shifts after load.
import { useTranslation } from "~/lib/i18n";
import { Link, useLocation } from "react-router";
import type { View } from "~/routes/tenant/product-list.server";
import { GridIcon, ListIcon } from "../icons";

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
        <Link key={o.view} to={hrefFor(o.view)} replace preventScrollReset aria-current={view === o.view ? "true" : undefined}
          className="inline-flex size-8 items-center justify-center rounded-full text-on-surface/70 aria-[current=true]:bg-surface aria-[current=true]:text-on-surface aria-[current=true]:shadow-sm">
          <span aria-hidden="true">{o.content}</span>
          <span className="sr-only">{o.label}</span>
        </Link>
      ))}
    </div>
  );
}
