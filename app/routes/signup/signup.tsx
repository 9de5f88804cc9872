// /signup: a restaurant owner signs up for the free trial (names, web address checked live, country,
// their phone confirmed by an SMS code, a plan with the landing's prices), then goes on to billing.
import { useEffect, useState } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/signup";
import { UpstreamNotice } from "~/components/console/upstream-notice";
import { CountryZone } from "~/components/signup/country-zone";
import { MarketingShell } from "~/components/marketing/site-footer";
import { useTrialText } from "~/components/marketing/use-marketing";
import { useLanguage } from "~/lib/localized";
import { useConsoleTranslation } from "~/locales/console";
import { marketingStrings } from "~/locales/marketing";
import { slugFromNames } from "../../../worker/rules/slug-from-name";
import { COUNTRIES, PLANS, type FieldErrors } from "./form";
import { loadSignup, signupAction } from "./signup.server";
import { privatePageHeaders } from "~/lib/route-headers";

export const meta: Route.MetaFunction = () => [{ title: "Sign up" }, { name: "robots", content: "noindex" }];
// Private and never stored, whether the answer is the loader's or an action's.
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = ({ request, context }: Route.LoaderArgs) => loadSignup(request, context);
export const action = ({ request, context }: Route.ActionArgs) => signupAction(request, context);

type Answer = { available: boolean; reason?: "taken" | "reserved" | "invalid"; suggestion?: string };
type Check = { state: "idle" | "checking" } | ({ state: "done" } & Answer);

/** The address's availability, asked 350 ms after the last keystroke (the server checks again on submit). */
function useDomainCheck(domain: string): Check {
  const [check, setCheck] = useState<Check>({ state: "idle" });
  useEffect(() => {
    if (!domain) return setCheck({ state: "idle" });
    setCheck({ state: "checking" });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/signup/check?domain=${encodeURIComponent(domain)}`, { signal: controller.signal })
        .then((res) => res.json() as Promise<Answer>)
        .then((result) => setCheck({ state: "done", ...result }))
        .catch(() => setCheck({ state: "idle" }));
    }, 350);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [domain]);
  return check;
}

const REASONS = ["taken", "reserved", "invalid"] as const;
const isReason = (code: string): code is (typeof REASONS)[number] => (REASONS as readonly string[]).includes(code);
const ERRORS = ["required", "phone", "code", "rate_limited", "sms", "billing", "upstream", "signups", "drafts", "zone"] as const;
/** The server's error code as one of the page's messages (a rule's own wording falls back to "check this field"). */
const errorCode = (code: string) => ((ERRORS as readonly string[]).includes(code) ? (code as (typeof ERRORS)[number]) : "invalid");

const field =
  "mt-1 block w-full rounded-xl border-0 bg-white px-3 py-2.5 text-base ring-1 ring-black/15 focus:ring-2 focus:ring-amber-700 dark:bg-stone-800 dark:ring-white/20";
const label = "block text-sm font-bold";

export default function Signup({ loaderData }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const m = marketingStrings(lang);
  const result = useActionData<typeof action>() as { sent?: { demo: boolean; phone: string }; errors?: FieldErrors } | undefined;
  const busy = useNavigation().state !== "idle";
  const trial = useTrialText(loaderData.upstream ? 0 : loaderData.trialDays);
  const [names, setNames] = useState({ en: "", ar: "" });
  const [domain, setDomain] = useState("");
  // The address follows the name (slugFromNames) until the owner edits it.
  const [edited, setEdited] = useState(false);
  const check = useDomainCheck(domain);
  useEffect(() => {
    if (!edited) setDomain(slugFromNames(names.en, names.ar));
  }, [names, edited]);
  // A suggested address that is taken gives way to the free one the server suggests near it.
  const suggestion = check.state === "done" && !check.available ? check.suggestion : undefined;
  useEffect(() => {
    if (!edited && suggestion) setDomain(suggestion);
  }, [suggestion, edited]);
  const [sent, setSent] = useState<{ demo: boolean; phone: string } | null>(null);
  useEffect(() => {
    if (result?.sent) setSent(result.sent);
  }, [result]);

  if (loaderData.upstream) {
    return <UpstreamNotice />;
  }
  const errors = result?.errors ?? {};
  const error = (name: keyof FieldErrors) => {
    const code = errors[name];
    if (!code) return null;
    const text = name === "domain" && isReason(code) ? t(`console.signup.reasons.${code}`) : t(`console.signup.errors.${errorCode(code)}`);
    return (
      <p id={`${name}-error`} role="alert" className="mt-1 text-sm font-bold text-red-700 dark:text-red-400">
        {text}
      </p>
    );
  };
  const described = (name: keyof FieldErrors) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  const signedIn = loaderData.signedIn;

  return (
    <MarketingShell>
      <div className="mx-auto max-w-xl px-4 py-10">
        <h1 className="text-3xl font-bold">{t("console.signup.title")}</h1>
        <p className="mt-2 text-on-surface/80">{t("console.signup.intro")}</p>
        {trial("hero.trial") && (
          <p
            data-testid="signup-trial"
            className="mt-3 rounded-2xl bg-amber-100 px-3 py-2 text-sm font-bold text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          >
            {trial("hero.trial")}
          </p>
        )}
        {loaderData.billing === "refused" && (
          <p role="alert" className="mt-4 rounded-xl bg-red-50 p-3 font-bold text-red-800 dark:bg-red-950 dark:text-red-200">
            {t("console.signup.billingRefused")}
          </p>
        )}
        {loaderData.billing === "demo" && (
          <p className="mt-4 rounded-xl bg-amber-100 p-3 text-sm font-bold text-amber-900 dark:bg-amber-950 dark:text-amber-200" data-testid="demo-billing">
            {t("console.signup.demoBilling")}
          </p>
        )}
        {error("form")}
        <Form method="post" className="mt-6 space-y-8">
          <fieldset className="space-y-4">
            <legend className="text-xl font-bold">{t("console.signup.restaurant")}</legend>
            <div>
              <label htmlFor="name_en" className={label}>
                {t("console.signup.nameEn")}
              </label>
              <input
                id="name_en"
                name="name_en"
                required
                maxLength={80}
                dir="ltr"
                lang="en"
                autoComplete="organization"
                className={field}
                {...described("name_en")}
                onChange={(e) => setNames((n) => ({ ...n, en: e.target.value }))}
              />
              {error("name_en")}
            </div>
            <div>
              <label htmlFor="name_ar" className={label}>
                {t("console.signup.nameAr")}
              </label>
              <input
                id="name_ar"
                name="name_ar"
                required
                maxLength={80}
                dir="rtl"
                lang="ar"
                className={field}
                {...described("name_ar")}
                onChange={(e) => setNames((n) => ({ ...n, ar: e.target.value }))}
              />
              {error("name_ar")}
            </div>
            <div>
              <label htmlFor="domain" className={label}>
                {t("console.signup.domain")}
              </label>
              <div dir="ltr" className="mt-1 flex items-center gap-1">
                <span className="text-on-surface/70" aria-hidden="true">
                  /
                </span>
                <input
                  id="domain"
                  name="domain"
                  minLength={3}
                  maxLength={40}
                  pattern="[a-z0-9]+(-[a-z0-9]+)*"
                  autoCapitalize="none"
                  autoCorrect="off"
                  spellCheck={false}
                  value={domain}
                  onChange={(e) => {
                    setEdited(true);
                    setDomain(e.target.value.toLowerCase().replace(/\s+/g, "-"));
                  }}
                  className={field.replace("mt-1 ", "")}
                  aria-describedby="domain-hint domain-check"
                  {...(errors.domain ? { "aria-invalid": true } : {})}
                />
              </div>
              <p id="domain-hint" className="mt-1 text-sm text-on-surface/70">
                {t("console.signup.domainHint")}
              </p>
              <p id="domain-check" aria-live="polite" data-testid="domain-check" className="mt-1 text-sm font-bold">
                {check.state === "checking" && <span className="text-on-surface/70">{t("console.signup.checking")}</span>}
                {check.state === "done" &&
                  (check.available ? (
                    <span className="text-emerald-700 dark:text-emerald-400">✓ {t("console.signup.available")}</span>
                  ) : (
                    <span className="text-red-700 dark:text-red-400">{t(`console.signup.reasons.${check.reason ?? "invalid"}`)}</span>
                  ))}
              </p>
              {edited && suggestion && (
                <button
                  type="button"
                  data-testid="use-suggestion"
                  onClick={() => setDomain(suggestion)}
                  className="mt-1 rounded-full px-3 py-1 text-sm font-bold ring-2 ring-amber-800 hover:bg-amber-800/5 dark:ring-amber-300"
                >
                  {t("console.signup.useSuggestion")} <span dir="ltr">/{suggestion}</span>
                </button>
              )}
              {error("domain")}
            </div>
            <CountryZone countries={COUNTRIES} lang={lang} className={field} labelClass={label} error={error("time_zone")} />
          </fieldset>

          <fieldset className="space-y-4">
            <legend className="text-xl font-bold">{t("console.signup.owner")}</legend>
            {signedIn ? (
              <p data-testid="signed-in-owner">{t("console.signup.signedInAs", { name: signedIn.name, phone: signedIn.phone })}</p>
            ) : (
              <>
                <div>
                  <label htmlFor="owner_name" className={label}>
                    {t("console.signup.ownerName")}
                  </label>
                  <input id="owner_name" name="owner_name" required maxLength={80} autoComplete="name" className={field} {...described("owner_name")} />
                  {error("owner_name")}
                </div>
                <div>
                  <label htmlFor="phone" className={label}>
                    {t("console.signup.phone")}
                  </label>
                  <div className="mt-1 flex gap-2">
                    <input
                      id="phone"
                      name="phone"
                      type="tel"
                      dir="ltr"
                      required
                      maxLength={30}
                      autoComplete="tel"
                      inputMode="tel"
                      className={field.replace("mt-1 ", "")}
                      {...described("phone")}
                    />
                    <button
                      type="submit"
                      name="intent"
                      value="send-code"
                      formNoValidate
                      disabled={busy}
                      className="shrink-0 rounded-full px-4 py-2 font-bold ring-2 ring-amber-800 hover:bg-amber-800/5 disabled:opacity-60 dark:ring-amber-300"
                    >
                      {sent ? t("console.signup.resendCode") : t("console.signup.sendCode")}
                    </button>
                  </div>
                  {error("phone")}
                  {sent && (
                    <p role="status" className="mt-1 text-sm">
                      {t("console.signup.codeSent", { phone: sent.phone })} {sent.demo && <strong>{t("console.signup.codeSentDemo")}</strong>}
                    </p>
                  )}
                </div>
                <div>
                  <label htmlFor="code" className={label}>
                    {t("console.signup.code")}
                  </label>
                  <input
                    id="code"
                    name="code"
                    required
                    inputMode="numeric"
                    pattern="\d{6}"
                    maxLength={6}
                    autoComplete="one-time-code"
                    dir="ltr"
                    className={`${field} max-w-40 tracking-widest`}
                    {...described("code")}
                  />
                  {error("code")}
                </div>
              </>
            )}
          </fieldset>

          <fieldset>
            <legend className="text-xl font-bold">{t("console.signup.plan")}</legend>
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              {PLANS.map((plan, i) => (
                <label
                  key={plan}
                  className="flex cursor-pointer gap-3 rounded-2xl bg-white p-4 ring-1 ring-black/10 has-checked:ring-2 has-checked:ring-amber-700 dark:bg-stone-900 dark:ring-white/15"
                >
                  <input type="radio" name="plan" value={plan} defaultChecked={i === 0} className="mt-1 accent-amber-800" />
                  <span>
                    <span className="block font-bold">{t(`console.signup.plans.${plan}`)}</span>
                    <span className="block text-lg font-bold">
                      {m.plans[plan].price} <span className="text-sm font-normal text-on-surface/70">{m.plans[plan].per}</span>
                    </span>
                    <span className="block text-sm text-on-surface/70">{m.plans[plan].note}</span>
                  </span>
                </label>
              ))}
            </div>
            <p className="mt-3 text-sm font-bold" data-testid="billed-in">
              {m.plans.billedIn}
            </p>
            {trial("plans.trial") && <p className="mt-3 text-sm text-on-surface/80">{trial("plans.trial")}</p>}
          </fieldset>

          <div>
            <button
              type="submit"
              name="intent"
              value="create"
              disabled={busy || loaderData.billing === "refused"}
              className="w-full rounded-full bg-amber-800 px-6 py-3 text-lg font-bold text-white hover:bg-amber-900 disabled:opacity-60"
            >
              {t("console.signup.create")}
            </button>
            <p className="mt-3 text-center text-sm text-on-surface/70">
              <Link to="/terms-of-service" className="underline">
                {t("console.signup.terms")}
              </Link>
            </p>
          </div>
        </Form>
      </div>
    </MarketingShell>
  );
}
