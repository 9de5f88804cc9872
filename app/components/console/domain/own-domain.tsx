// "Your own domain" on /console/branches (owners): the hostname form, the claim waiting for its proof
// (the TXT and CNAME records to create, "Check now"), the proven host's record and status. It loads and posts /console/domain with fetchers, so the branches screen's loader stays
// as it is and Cloudflare's status is asked only when an owner opens the screen.
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useConsoleTranslation } from "~/locales/console";
import domainEn from "~/locales/console/domain.en";
import type { DomainView } from "~/routes/console/domain.server";
import { DnsRecord } from "./dns-record";

type Saved = { ok: true; state: DomainView } | { error: string; message: string };

const known = (error: string): error is keyof typeof domainEn.problems => Object.hasOwn(domainEn.problems, error);

const card = "mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10";
const field = "mt-1 block w-full rounded-xl border border-black/15 bg-white px-3 py-2 font-mono dark:border-white/20 dark:bg-stone-950";
const button = "rounded-full px-5 py-2.5 font-bold disabled:opacity-60";

export function OwnDomain() {
  const { t } = useConsoleTranslation();
  const load = useFetcher<DomainView>();
  const save = useFetcher<Saved>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (load.state === "idle" && !load.data) void load.load("/console/domain");
  }, [load]);
  const saved = save.data && "ok" in save.data ? save.data.state : null;
  const problem = save.data && "error" in save.data ? save.data : null;
  const current = saved ?? load.data;
  const busy = save.state !== "idle";
  const intent = save.formData?.get("intent");
  useEffect(() => {
    if (saved && input.current) input.current.value = "";
  }, [saved]);
  // Refusals the console words itself; any other (Cloudflare's) is shown as the server said it.
  const problemText = problem ? (known(problem.error) ? t(`console.domain.problems.${problem.error}`) : problem.message) : null;

  return (
    <section aria-labelledby="own-domain-title" data-testid="own-domain" className={card}>
      <h2 id="own-domain-title" className="text-lg font-bold">
        {t("console.domain.title")}
      </h2>
      <p className="mt-1 max-w-prose text-sm text-stone-600 dark:text-stone-300">{t("console.domain.intro")}</p>
      {!current ? (
        <p className="mt-3 text-sm">{t("console.domain.loading")}</p>
      ) : (
        <>
          {current.setup === "half" && (
            <p role="status" className="mt-3 rounded-xl bg-amber-100 px-4 py-3 text-sm font-bold text-amber-950">
              {t("console.domain.half")}
            </p>
          )}
          {current.host && current.record ? (
            <div className="mt-3 grid gap-3">
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="text-sm font-bold text-stone-600 dark:text-stone-300">{t("console.domain.current")}</span>
                <span dir="ltr" data-testid="own-domain-host" className="break-all font-mono font-bold">
                  {current.host}
                </span>
                {current.status && (
                  <span
                    data-testid="own-domain-status"
                    className={`rounded-full px-3 py-0.5 text-xs font-bold ${current.status === "active" || current.status === "registered" ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-950"}`}
                  >
                    {t(`console.domain.status.${current.status}`)}
                  </span>
                )}
              </p>
              <DnsRecord record={current.record} />
              {current.setup === "on" && <p className="text-sm text-stone-600 dark:text-stone-300">{t("console.domain.cloudflare")}</p>}
              <save.Form
                method="post"
                action="/console/domain"
                onSubmit={(e) => {
                  if (!confirm(t("console.domain.removeConfirm", { host: current.host ?? "" }))) e.preventDefault();
                }}
              >
                <input type="hidden" name="intent" value="remove" />
                <button
                  type="submit"
                  disabled={busy}
                  data-testid="own-domain-remove"
                  className={`${button} ring-1 ring-red-700/40 text-red-800 dark:text-red-300 dark:ring-red-300/40`}
                >
                  {busy && intent === "remove" ? t("console.domain.saving") : t("console.domain.remove")}
                </button>
              </save.Form>
            </div>
          ) : (
            !current.claim && <p className="mt-3 text-sm">{t("console.domain.none")}</p>
          )}
          {current.claim && (
            <div className="mt-4 grid gap-3 rounded-2xl p-3 ring-1 ring-amber-500/50" data-testid="own-domain-claim">
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span dir="ltr" data-testid="own-domain-claim-host" className="break-all font-mono font-bold">
                  {current.claim.host}
                </span>
                <span className="rounded-full bg-amber-100 px-3 py-0.5 text-xs font-bold text-amber-950">{t("console.domain.claim.status")}</span>
              </p>
              <p className="max-w-prose text-sm">{t("console.domain.claim.intro", { hours: 72 })}</p>
              <DnsRecord record={current.claim.txt} title={t("console.domain.claim.txt")} testId="own-domain-txt" />
              <DnsRecord record={{ type: "CNAME", name: current.claim.host, value: current.target }} />
              <save.Form method="post" action="/console/domain" className="flex flex-wrap gap-2">
                <button
                  type="submit"
                  name="intent"
                  value="prove"
                  disabled={busy}
                  data-testid="own-domain-prove"
                  className={`${button} bg-stone-900 text-white dark:bg-white dark:text-stone-900`}
                >
                  {busy && intent === "prove" ? t("console.domain.claim.checking") : t("console.domain.claim.check")}
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="remove"
                  disabled={busy}
                  data-testid="own-domain-claim-remove"
                  className={`${button} ring-1 ring-black/15 dark:ring-white/20`}
                >
                  {t("console.domain.claim.cancel")}
                </button>
              </save.Form>
            </div>
          )}
          <save.Form method="post" action="/console/domain" className="mt-4 grid max-w-xl gap-2">
            <input type="hidden" name="intent" value="add" />
            <label className="font-bold" htmlFor="own-domain-input">
              {t("console.domain.host")}
            </label>
            <div className="flex flex-wrap items-end gap-2">
              <input
                ref={input}
                id="own-domain-input"
                name="host"
                dir="ltr"
                inputMode="url"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="menu.your-restaurant.com"
                maxLength={300}
                required
                aria-describedby="own-domain-hint"
                aria-invalid={Boolean(problem) || undefined}
                className={`${field} min-w-0 flex-1 basis-56`}
              />
              <button
                type="submit"
                disabled={busy}
                data-testid="own-domain-save"
                className={`${button} bg-stone-900 text-white dark:bg-white dark:text-stone-900`}
              >
                {busy && intent === "add" ? t("console.domain.saving") : current.host ? t("console.domain.replace") : t("console.domain.save")}
              </button>
            </div>
            <p id="own-domain-hint" className="text-sm text-stone-600 dark:text-stone-300">
              {t("console.domain.hostHint")}
            </p>
            {problemText && (
              <p role="alert" data-testid="own-domain-problem" className="rounded-xl bg-red-100 px-4 py-3 text-sm font-bold text-red-900">
                {problemText}
              </p>
            )}
          </save.Form>
        </>
      )}
    </section>
  );
}
