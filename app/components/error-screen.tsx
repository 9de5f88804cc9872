// Error screens. A missing or inactive restaurant (403 upstream) reads '404 - Page Not Found' (inside
// a restaurant it leads back to its branches); an unreachable restaurant API gets a friendly 503;
// anything else is the router's error screen.
import { useTranslation } from "~/lib/i18n";
import { isRouteErrorResponse, useParams, useRouteError } from "react-router";
import { tenantBase } from "~/lib/tenant-paths";
import { PreferenceButtons } from "./preferences";

export function ErrorScreen({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen noTable={error.data === "no-table"} />;
  if (isRouteErrorResponse(error) && error.status === 503) return <UnavailableScreen />;
  return <UnexpectedErrorScreen error={error} />;
}

/** For route modules: `export const ErrorBoundary = TenantErrorBoundary`. */
export function TenantErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />;
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface text-on-surface">
      <div className="flex justify-end p-4">
        <PreferenceButtons />
      </div>
      <main id="main" className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center px-6 pb-24 text-center">
        {children}
      </main>
    </div>
  );
}

/** Logo, heading, text and one way onwards. */
function Message({ title, text, action, href }: { title: string; text: string; action: string; href: string }) {
  return (
    <Frame>
      <img src="/logo.svg" alt="" width={96} height={96} className="size-24" />
      <h1 className="mt-6 text-2xl font-bold">{title}</h1>
      <p className="mt-3 leading-relaxed text-on-surface/75">{text}</p>
      <a href={href} className="mt-8 rounded-full bg-primary px-6 py-3 font-bold text-on-primary">
        {action}
      </a>
    </Frame>
  );
}

/**
 * Inside a restaurant (a branch, menu or product that is not there) the way onwards is that
 * restaurant's branch list, read from the route's params; a missing restaurant leads to the site.
 * `noTable`: the path's table is above the branch's tables, said in words (a code from before a change).
 */
export function NotFoundScreen({ noTable = false }: { noTable?: boolean }) {
  const { t } = useTranslation();
  const { domain, table, branchId } = useParams();
  if (domain && branchId !== undefined) {
    // Without that table, onwards is the restaurant's own pages (its menus, away from a table).
    if (noTable && table) {
      return <Message title={t("notFound.title")} text={t("notFound.noTable", { table })} action={t("extras.restaurantHome")} href={tenantBase({ domain })} />;
    }
    return <Message title={t("notFound.title")} text={t("notFound.text")} action={t("extras.restaurantHome")} href={tenantBase({ domain, table })} />;
  }
  return <Message title={t("notFound.title")} text={t("notFound.text")} action={t("notFound.home")} href="/" />;
}

/** href "" reloads the same page: the retry. */
function UnavailableScreen() {
  const { t } = useTranslation();
  return <Message title={t("unavailable.title")} text={t("unavailable.text")} action={t("unavailable.retry")} href="" />;
}

function UnexpectedErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}`.trim() : error instanceof Error ? error.message : String(error);
  return (
    <Frame>
      <h1 className="text-2xl font-bold">{t("error.title")}</h1>
      <p className="mt-3 font-mono text-sm text-on-surface/75">{detail}</p>
    </Frame>
  );
}
