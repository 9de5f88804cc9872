// ZATCA onboarding on /console/tax (Saudi restaurants, owners): each branch's e-invoicing unit with its
// state, certificate expiry and documents signed, and a form for the Fatoora portal's OTP that registers
// the branch or renews its certificate (POST /console/tax/egs). In the demo it says DEMO and which OTP the
// stand-in takes. ZATCA's own messages are listed under a refusal.
import { useFetcher } from "react-router";
import { useConsoleDates } from "~/lib/console-dates";
import type { EgsPanelData } from "~/lib/console-types";
import { useLanguage } from "~/lib/localized";
import { useConsoleTranslation } from "~/locales/console";
import type { EgsAnswer } from "~/routes/console/tax-egs.server";

type Branch = EgsPanelData["branches"][number];

const box = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10";

function stateOf(egs: Branch["egs"]): "none" | "compliance" | "active" | "failed" | "keyMissing" {
  if (!egs) return "none";
  if (egs.state === "active" && !egs.key_held) return "keyMissing";
  return egs.state;
}

function EgsBranch({ branch, panel, timeZone }: { branch: Branch; panel: EgsPanelData; timeZone: string }) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const fetcher = useFetcher<EgsAnswer>();
  const date = useConsoleDates(timeZone)({ dateStyle: "long" }, "latin");
  const state = stateOf(branch.egs);
  const intent = state === "active" ? "renew" : "onboard";
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  const messages = answer && !answer.ok ? answer.messages : state === "failed" ? (branch.egs?.messages ?? []) : [];
  const tone =
    state === "active"
      ? "bg-emerald-100 text-emerald-900"
      : state === "failed" || state === "keyMissing"
        ? "bg-red-100 text-red-900"
        : "bg-stone-100 text-stone-800";
  return (
    <li data-testid={`egs-branch-${branch.id}`} className="grid gap-2 border-t border-black/10 pt-3 first:border-t-0 first:pt-0 dark:border-white/15">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-bold">{lang === "ar" ? branch.name_ar : branch.name_en}</h3>
        <span data-testid="egs-state" data-state={state} className={`rounded-full px-2 py-0.5 text-sm font-bold ${tone}`}>
          {t(`console.zatca.states.${state}`)}
        </span>
      </div>
      {branch.egs?.expires_at && state === "active" && (
        <p className="text-sm" data-testid="egs-expiry">
          {t("console.zatca.expires", { date: date.format(branch.egs.expires_at) })} · {t("console.zatca.counter", { count: branch.egs.icv })}
        </p>
      )}
      {panel.configured && panel.hasVat && (
        // Keyed by the state: a registered branch's form starts empty (the used OTP is gone).
        <fetcher.Form key={state} method="post" action="/console/tax/egs" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="branch" value={branch.id} />
          <label className="grid gap-1 text-sm font-bold">
            {t("console.zatca.otp")}
            <input
              name="otp"
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              dir="ltr"
              data-testid="egs-otp"
              aria-describedby={`egs-otp-hint-${branch.id}`}
              className="w-32 rounded-xl border border-black/15 bg-white px-3 py-2 font-normal tracking-widest dark:border-white/20 dark:bg-stone-950"
            />
            <span id={`egs-otp-hint-${branch.id}`} className="font-normal text-stone-600 dark:text-stone-300">
              {t("console.zatca.otpHint")}
            </span>
          </label>
          <button
            type="submit"
            disabled={busy}
            data-testid="egs-submit"
            className="rounded-full bg-stone-900 px-4 py-2 font-bold text-white disabled:opacity-60 dark:bg-white dark:text-stone-900"
          >
            {busy ? t("console.zatca.working") : t(`console.zatca.${intent}`)}
          </button>
        </fetcher.Form>
      )}
      {answer && (
        <p
          role={answer.ok ? "status" : "alert"}
          data-testid="egs-outcome"
          className={`rounded-xl px-3 py-2 font-bold ${answer.ok ? "bg-emerald-100 text-emerald-900" : "bg-red-100 text-red-900"}`}
        >
          {answer.ok ? t(`console.zatca.done.${answer.intent}`) : t(`console.zatca.problems.${answer.problem}`)}
        </p>
      )}
      {messages.length > 0 && (
        <div className="text-sm">
          <p className="font-bold">{t("console.zatca.messagesTitle")}</p>
          <ul dir="ltr" className="list-disc ps-5" data-testid="egs-messages">
            {messages.map((m, i) => (
              <li key={i}>
                <code>{m.code}</code> {m.message !== m.code && m.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

export function EgsSection({ panel, timeZone }: { panel: EgsPanelData; timeZone: string }) {
  const { t } = useConsoleTranslation();
  return (
    <section aria-labelledby="egs-title" data-testid="egs-section" className={`${box} grid gap-3`}>
      <h2 id="egs-title" className="text-lg font-bold">
        {t("console.zatca.title")}
      </h2>
      <p className="text-stone-600 dark:text-stone-300">{t("console.zatca.intro")}</p>
      {panel.demoOtp && (
        <p data-testid="egs-demo" className="rounded-xl bg-amber-100 px-3 py-2 font-bold text-amber-950">
          {t("console.zatca.demo", { otp: panel.demoOtp })}
        </p>
      )}
      {panel.environment && panel.environment !== "stand-in" && (
        <p className="text-sm">{t("console.zatca.environment", { name: t(`console.zatca.environments.${panel.environment}`) })}</p>
      )}
      {!panel.configured && (
        <p role="alert" data-testid="egs-unconfigured" className="rounded-xl bg-red-100 px-3 py-2 font-bold text-red-900">
          {t("console.zatca.unconfigured")}
        </p>
      )}
      {panel.configured && !panel.hasVat && (
        <p role="alert" data-testid="egs-no-vat" className="rounded-xl bg-amber-100 px-3 py-2 font-bold text-amber-950">
          {t("console.zatca.noVat")}
        </p>
      )}
      <h3 className="sr-only">{t("console.zatca.branches")}</h3>
      <ul className="grid gap-3">
        {panel.branches.map((b) => (
          <EgsBranch key={b.id} branch={b} panel={panel} timeZone={timeZone} />
        ))}
      </ul>
    </section>
  );
}
