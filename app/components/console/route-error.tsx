// A console screen's refusal or failure, shown inside the console frame (the layout stays): a 403
// from requireMember reads "your role does not include this page", a 404 "not part of your restaurant".
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { useConsoleTranslation } from "~/locales/console";

export function ConsoleErrorBoundary() {
  const { t } = useConsoleTranslation();
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, text] =
    status === 403
      ? [t("console.forbiddenTitle"), t("console.forbidden")]
      : status === 404
        ? [t("console.missingTitle"), t("console.missing")]
        : [t("console.failedTitle"), t("console.failed")];
  return (
    <section
      role="alert"
      data-testid="console-error"
      data-status={status}
      className="mx-auto max-w-md rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10"
    >
      <h1 className="text-xl font-bold">{title}</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-300">{text}</p>
      <Link to="/console" className="mt-5 inline-block rounded-full bg-stone-900 px-5 py-2.5 font-bold text-white dark:bg-white dark:text-stone-900">
        {t("console.forbiddenBack")}
      </Link>
    </section>
  );
}
