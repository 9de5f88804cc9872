// What /signup and /console say on a site whose restaurant data comes from the restaurant's own
// backend (UPSTREAM_URL): that backend manages it, so there is no sign-up or console here.
import { MarketingShell } from "~/components/marketing/site-footer";
import { useConsoleTranslation } from "~/locales/console";

export function UpstreamNotice() {
  const { t } = useConsoleTranslation();
  return (
    <MarketingShell>
      <section className="mx-auto max-w-xl px-4 py-16">
        <h1 className="text-3xl font-bold">{t("console.title")}</h1>
        <p role="status" data-testid="upstream-notice" className="mt-4 text-lg">
          {t("console.signup.upstream")}
        </p>
      </section>
    </MarketingShell>
  );
}
