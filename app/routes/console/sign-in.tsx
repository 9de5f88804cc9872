// /console/sign-in: a team member signs in with their phone and an SMS code (plain forms, so it works
// without JavaScript), or with a passkey. Phone-first, one column; the same frame in English and Arabic.
import { useEffect, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/sign-in";
import { useLanguage } from "~/lib/localized";
import { useConsoleTranslation } from "~/locales/console";
import { loadSignIn, signInAction, type SignInStep } from "./sign-in.server";
import { privatePageHeaders } from "~/lib/route-headers";

export const meta: Route.MetaFunction = () => [{ title: "Sign in · Console" }, { name: "robots", content: "noindex" }];
// The loader's (private, no-store) with the action's on top (Retry-After on a 429).
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = ({ request, context }: Route.LoaderArgs) => loadSignIn(request, context);
export const action = ({ request, context }: Route.ActionArgs) => signInAction(request, context);

const field =
  "h-12 w-full rounded-xl bg-white px-3 ring-1 ring-black/15 focus:ring-2 focus:ring-stone-900 focus:outline-none dark:bg-stone-900 dark:ring-white/20 dark:focus:ring-white";
const primary = "h-12 w-full rounded-full bg-stone-900 text-lg font-bold text-white disabled:opacity-50 dark:bg-white dark:text-stone-900";
const secondary = "h-12 w-full rounded-full text-base font-bold ring-1 ring-black/15 disabled:opacity-50 dark:ring-white/25";

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const busy = useNavigation().state !== "idle";
  const answer = actionData as SignInStep | undefined;
  const code = answer?.step === "code" ? answer : null;
  const problem = answer?.error;
  const errorText =
    problem === "rate_limited"
      ? t("console.auth.signIn.errors.rate_limited", { seconds: answer?.step === "phone" ? (answer.retryAfter ?? 60) : 60 })
      : problem
        ? t(`console.auth.signIn.errors.${problem}`)
        : null;
  const other = lang === "ar" ? "en" : "ar";
  return (
    <div className="min-h-dvh bg-stone-50 text-stone-900 dark:bg-stone-950 dark:text-stone-50">
      <main id="main" className="mx-auto flex max-w-md flex-col gap-5 px-4 py-8">
        <div className="flex items-center justify-between gap-3">
          <p className="text-xs font-bold uppercase tracking-wide text-stone-500 dark:text-stone-400">{t("console.title")}</p>
          <Link
            to={`?lng=${other}&next=${encodeURIComponent(loaderData.next)}`}
            reloadDocument
            lang={other}
            className="rounded-full px-3 py-2 text-sm font-bold ring-1 ring-black/15 dark:ring-white/20"
          >
            {other === "ar" ? "العربية" : "English"}
          </Link>
        </div>
        <h1 className="text-2xl font-bold">{t("console.auth.signIn.title")}</h1>
        <p className="text-stone-600 dark:text-stone-300">{t("console.auth.signIn.lead")}</p>

        {code ? (
          <Form method="post" className="space-y-4" aria-describedby={errorText ? "sign-in-error" : undefined}>
            <p data-testid="code-sent">
              {t("console.auth.signIn.sent")}{" "}
              <bdi dir="ltr" className="font-bold">
                {code.phone}
              </bdi>
            </p>
            {code.demo && (
              <p
                className="flex items-start gap-2 rounded-xl bg-amber-100 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
                data-testid="sign-in-demo"
              >
                <span className="shrink-0 rounded bg-amber-950 px-1.5 py-0.5 text-xs font-bold tracking-wide text-amber-50 dark:bg-amber-100 dark:text-amber-950">
                  {t("console.auth.signIn.demo")}
                </span>
                <span>{t("console.auth.signIn.demoNote")}</span>
              </p>
            )}
            <input type="hidden" name="phone" value={code.phone} />
            <input type="hidden" name="next" value={loaderData.next} />
            <label className="block">
              <span className="mb-1 block font-bold">{t("console.auth.signIn.code")}</span>
              <input
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                dir="ltr"
                autoFocus
                aria-invalid={errorText ? true : undefined}
                aria-describedby={errorText ? "sign-in-error" : undefined}
                className={`${field} text-center text-2xl tracking-[0.5em]`}
              />
            </label>
            {errorText && (
              <p id="sign-in-error" role="alert" className="font-bold text-red-700 dark:text-red-400">
                {errorText}
              </p>
            )}
            <button type="submit" name="intent" value="verify" disabled={busy} className={primary}>
              {t("console.auth.signIn.verify")}
            </button>
            <div className="flex flex-wrap justify-between gap-2 text-sm">
              <button type="submit" name="intent" value="send" formNoValidate disabled={busy} className="font-bold underline">
                {t("console.auth.signIn.resend")}
              </button>
              <Link to={`/console/sign-in?next=${encodeURIComponent(loaderData.next)}`} className="font-bold underline">
                {t("console.auth.signIn.otherNumber")}
              </Link>
            </div>
          </Form>
        ) : (
          <Form method="post" className="space-y-4">
            <input type="hidden" name="next" value={loaderData.next} />
            <label className="block">
              <span className="mb-1 block font-bold">{t("console.auth.signIn.phone")}</span>
              <input
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={40}
                required
                dir="ltr"
                defaultValue={answer?.step === "phone" ? answer.phone : loaderData.phone || undefined}
                aria-invalid={errorText ? true : undefined}
                aria-describedby={`phone-hint${errorText ? " sign-in-error" : ""}`}
                className={`${field} rtl:text-end`}
              />
            </label>
            <p id="phone-hint" className="text-sm text-stone-600 dark:text-stone-300">
              {t("console.auth.signIn.phoneHint")}
            </p>
            <label className="block">
              <span className="mb-1 block text-sm font-bold">{t("console.auth.signIn.country")}</span>
              <select name="country" defaultValue="AE" className={field}>
                {loaderData.countries.map((c) => (
                  <option key={c} value={c}>
                    {countryName(c, lang)}
                  </option>
                ))}
              </select>
            </label>
            {errorText && (
              <p id="sign-in-error" role="alert" className="font-bold text-red-700 dark:text-red-400">
                {errorText}
              </p>
            )}
            <button type="submit" name="intent" value="send" disabled={busy} className={primary}>
              {t("console.auth.signIn.send")}
            </button>
          </Form>
        )}

        <PasskeySignIn next={loaderData.next} />
      </main>
    </div>
  );
}

function countryName(code: string, lang: string) {
  try {
    return new Intl.DisplayNames([lang], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Shown once the page runs JavaScript: a passkey needs the browser's WebAuthn. */
function PasskeySignIn({ next }: { next: string }) {
  const { t } = useConsoleTranslation();
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setReady(true), []);
  const signIn = async () => {
    setBusy(true);
    setError(null);
    const result = await import("~/lib/passkey.client")
      .then((m) => m.signInWithPasskey(next))
      .catch(() => ({ ok: false as const, problem: "failed" as const }));
    setBusy(false);
    if (result.ok) return navigate(result.next, { replace: true });
    if (result.problem !== "cancelled")
      setError(
        t(`console.auth.signIn.errors.${result.problem === "unknown" ? "passkeyUnknown" : result.problem === "unsupported" ? "unsupported" : "passkey"}`),
      );
  };
  if (!ready) return null;
  return (
    <div className="space-y-3">
      <p className="flex items-center gap-3 text-sm text-stone-500 dark:text-stone-400" aria-hidden="true">
        <span className="h-px flex-1 bg-black/10 dark:bg-white/15" />
        {t("console.auth.signIn.or")}
        <span className="h-px flex-1 bg-black/10 dark:bg-white/15" />
      </p>
      <button type="button" disabled={busy} className={secondary} onClick={() => void signIn()}>
        {busy ? t("console.auth.signIn.passkeyBusy") : t("console.auth.signIn.passkey")}
      </button>
      {error && (
        <p role="alert" className="font-bold text-red-700 dark:text-red-400" data-testid="passkey-error">
          {error}
        </p>
      )}
    </div>
  );
}
