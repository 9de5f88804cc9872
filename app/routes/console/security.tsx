// /console/security: the member's passkeys (add, see when used, remove), "sign out everywhere", their
// own name and leaving the current restaurant. Open to every role: it is about the person.
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { useConsoleDates } from "~/lib/console-dates";
import { useEffect, useState } from "react";
import { Form, useActionData, useFetcher, useRevalidator } from "react-router";
import type { Route } from "./+types/security";
import { localized, useLanguage } from "~/lib/localized";
import { useConsole } from "./layout";
import type { SecurityAnswer } from "./security.server";
import { useConsoleTranslation } from "~/locales/console";
import { loadSecurity, securityAction } from "./security.server";
import { privatePageHeaders } from "~/lib/route-headers";

export const meta: Route.MetaFunction = () => [{ title: "Sign-in & security · Console" }, { name: "robots", content: "noindex" }];
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = ({ request, context }: Route.LoaderArgs) => loadSecurity(request, context);
export const action = ({ request, context }: Route.ActionArgs) => securityAction(request, context);

const card = "space-y-4 rounded-2xl bg-white p-4 ring-1 ring-black/10 dark:bg-stone-900 dark:ring-white/10";

export default function Security({ loaderData }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  // Dates on the restaurant's calendar; one zone so the server and browser print the same.
  const dates = useConsoleDates(loaderData.timeZone);
  const date = (ms: number) => dates({ dateStyle: "medium" }).format(ms);
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold">{t("console.auth.security.title")}</h1>
      <section aria-labelledby="passkeys-title" className={card}>
        <div>
          <h2 id="passkeys-title" className="text-lg font-bold">
            {t("console.auth.security.passkeys")}
          </h2>
          <p className="text-sm text-stone-600 dark:text-stone-300">{t("console.auth.security.passkeysLead")}</p>
        </div>
        {loaderData.passkeys.length === 0 ? (
          <p data-testid="no-passkeys">{t("console.auth.security.none")}</p>
        ) : (
          <ul className="divide-y divide-black/10 dark:divide-white/10" data-testid="passkeys">
            {loaderData.passkeys.map((p) => (
              <PasskeyItem
                key={p.id}
                id={p.id}
                name={p.name || t("console.auth.security.unnamed")}
                created={t("console.auth.security.created", { date: date(p.created_at) })}
                used={p.last_used_at ? t("console.auth.security.lastUsed", { date: date(p.last_used_at) }) : t("console.auth.security.neverUsed")}
              />
            ))}
          </ul>
        )}
        <AddPasskey />
      </section>
      <YouSection name={loaderData.name} />
      <section aria-labelledby="sessions-title" className={card}>
        <div>
          <h2 id="sessions-title" className="text-lg font-bold">
            {t("console.auth.security.sessions")}
          </h2>
          <p className="text-sm text-stone-600 dark:text-stone-300">{t("console.auth.security.sessionsLead")}</p>
        </div>
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value="everywhere"
            className="h-12 w-full rounded-full font-bold text-red-700 ring-1 ring-red-700/40 sm:w-auto sm:px-6 dark:text-red-300 dark:ring-red-300/40"
          >
            {t("console.auth.security.everywhere")}
          </button>
        </Form>
      </section>
    </div>
  );
}

/** The person's own name (theirs alone) and leaving the restaurant the console is in. */
function YouSection({ name }: { name: string }) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const { member } = useConsole();
  const answer = useActionData<SecurityAnswer>();
  const restaurant = localized(member, "name", lang);
  return (
    <section aria-labelledby="you-title" className={card}>
      <div>
        <h2 id="you-title" className="text-lg font-bold">
          {t("console.invitations.you")}
        </h2>
        <p className="text-sm text-stone-600 dark:text-stone-300">{t("console.invitations.youLead")}</p>
      </div>
      <Form method="post" className="space-y-3">
        <label className="block">
          <span className="mb-1 block font-bold">{t("console.invitations.yourName")}</span>
          <input
            name="name"
            required
            maxLength={80}
            defaultValue={name}
            autoComplete="name"
            className="h-12 w-full rounded-xl bg-white px-3 ring-1 ring-black/15 focus:ring-2 focus:ring-stone-900 focus:outline-none dark:bg-stone-950 dark:ring-white/20 dark:focus:ring-white"
          />
        </label>
        <button
          type="submit"
          name="intent"
          value="name"
          className="h-12 w-full rounded-full bg-stone-900 font-bold text-white sm:w-auto sm:px-6 dark:bg-white dark:text-stone-900"
        >
          {t("console.invitations.saveName")}
        </button>
        {answer?.ok && answer.done === "named" && (
          <p role="status" className="font-bold text-green-800 dark:text-green-300">
            {t("console.invitations.nameSaved")}
          </p>
        )}
        {answer && !answer.ok && answer.error === "input" && (
          <p role="alert" className="font-bold text-red-700 dark:text-red-400">
            {t("console.invitations.errors.input")}
          </p>
        )}
      </Form>
      <Form
        method="post"
        className="space-y-2 border-t border-black/10 pt-4 dark:border-white/10"
        onSubmit={(e) => {
          if (!window.confirm(t("console.invitations.leaveConfirm"))) e.preventDefault();
        }}
      >
        <p className="text-sm text-stone-600 dark:text-stone-300">{t("console.invitations.leaveLead")}</p>
        <button
          type="submit"
          name="intent"
          value="leave"
          data-testid="leave-restaurant"
          className="h-12 w-full rounded-full font-bold text-red-700 ring-1 ring-red-700/40 sm:w-auto sm:px-6 dark:text-red-300 dark:ring-red-300/40"
        >
          {t("console.invitations.leave", { name: restaurant })}
        </button>
        {answer && !answer.ok && answer.error === "lastOwner" && (
          <p role="alert" className="font-bold text-red-700 dark:text-red-400">
            {t("console.invitations.lastOwner")}
          </p>
        )}
      </Form>
    </section>
  );
}

function PasskeyItem({ id, name, created, used }: { id: string; name: string; created: string; used: string }) {
  const { t } = useConsoleTranslation();
  const fetcher = useFetcher();
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="truncate font-bold">{name}</p>
        <p className="text-sm text-stone-600 dark:text-stone-300">
          {created} · {used}
        </p>
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="id" value={id} />
        <button
          type="submit"
          name="intent"
          value="remove"
          disabled={fetcher.state !== "idle"}
          aria-label={t("console.auth.security.removeLabel", { name })}
          className="rounded-full px-3 py-2 text-sm font-bold ring-1 ring-black/15 disabled:opacity-50 dark:ring-white/20"
        >
          {t("console.auth.security.remove")}
        </button>
      </fetcher.Form>
    </li>
  );
}

/** Adding a passkey needs the browser's WebAuthn: the button loads the ceremony's code when pressed. */
function AddPasskey() {
  const { t } = useConsoleTranslation();
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // Until the page's script runs, a press would only reload the page: the button waits for it.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(true);
  }, []);
  const add = async () => {
    setBusy(true);
    setMessage(null);
    const result = await import("~/lib/passkey.client").then((m) => m.addPasskey(name)).catch(() => ({ ok: false as const, problem: "failed" as const }));
    setBusy(false);
    if (result.ok) {
      setName("");
      setMessage({ ok: true, text: t("console.auth.security.added") });
      await revalidator.revalidate();
    } else if (result.problem !== "cancelled") {
      setMessage({
        ok: false,
        text:
          result.problem === "taken"
            ? t("console.auth.security.taken")
            : result.problem === "unsupported"
              ? t("console.auth.signIn.errors.unsupported")
              : t("console.auth.security.addFailed"),
      });
    }
  };
  return (
    <form
      className="space-y-3 border-t border-black/10 pt-4 dark:border-white/10"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <label className="block">
        <span className="mb-1 block font-bold">{t("console.auth.security.name")}</span>
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={60}
          placeholder={t("console.auth.security.namePlaceholder")}
          className="h-12 w-full rounded-xl bg-white px-3 ring-1 ring-black/15 focus:ring-2 focus:ring-stone-900 focus:outline-none dark:bg-stone-950 dark:ring-white/20 dark:focus:ring-white"
        />
      </label>
      <button
        type="submit"
        disabled={busy || !ready}
        className="h-12 w-full rounded-full bg-stone-900 font-bold text-white disabled:opacity-50 sm:w-auto sm:px-6 dark:bg-white dark:text-stone-900"
      >
        {busy ? t("console.auth.security.adding") : t("console.auth.security.add")}
      </button>
      {message && (
        <p
          role={message.ok ? "status" : "alert"}
          className={`font-bold ${message.ok ? "text-green-800 dark:text-green-300" : "text-red-700 dark:text-red-400"}`}
        >
          {message.text}
        </p>
      )}
    </form>
  );
}

export const ErrorBoundary = ConsoleErrorBoundary;
