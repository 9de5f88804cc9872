import { useTranslation } from "~/lib/i18n";
import { useRouteLoaderData } from "react-router";

/** The provider's credit, at the foot of every restaurant page (spec: 'produced by'). */
export function ProducedBy() {
  const { t } = useTranslation();
  // On a restaurant's own hostname "/" is the restaurant; the root loader gives the provider's site.
  const siteUrl = (useRouteLoaderData("root") as { siteUrl?: string } | undefined)?.siteUrl ?? "/";
  return (
    <footer className="px-4 pt-10 pb-8 text-center text-sm text-on-surface/70">
      {t("app.producedBy")}{" "}
      <a href={siteUrl} className="font-bold text-primary underline-offset-4 hover:underline dark:text-on-surface">
        {t("app.provider")}
      </a>
    </footer>
  );
}
