// /console/…: the restaurant's side. Phone-first: a top bar with the restaurant (a switcher for people
// in several), language and theme, sign out, and a scrolling row of sections; on a tablet the same
// row has room for all of them. Every answer is private.
import { useEffect, useRef } from "react";
import { Form, isRouteErrorResponse, Link, NavLink, Outlet, useLocation, useOutletContext, useRouteError, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/layout";
import { NAV_ITEMS } from "~/components/console/nav-items";
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { UpstreamNotice } from "~/components/console/upstream-notice";
import { RestaurantSwitcher } from "~/components/console/restaurant-switcher";
import { PreferenceButtons } from "~/components/preferences";
import { localized, useLanguage } from "~/lib/localized";
import { useConsoleTranslation } from "~/locales/console";
import { can } from "../../../worker/rules/roles";
import { loadConsole, type ConsoleData } from "./layout.server";
import { privatePageHeaders } from "~/lib/route-headers";

export const meta: Route.MetaFunction = () => [{ title: "Console" }, { name: "robots", content: "noindex" }];
export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadConsole(request, context);
}

/**
 * The board reads again on its own (a gap in its events, a reconnect, a tap, another branch): the frame
 * (the member, their restaurants, invitations) stays as it is then; it loads again on any other move
 * or form (docs/decisions/0084).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formAction, defaultShouldRevalidate }) => {
  const board = (path: string) => path === "/console/orders";
  const onBoard = board(currentUrl.pathname) && board(nextUrl.pathname) && (!formAction || board(new URL(formAction, nextUrl).pathname));
  return onBoard ? false : defaultShouldRevalidate;
};

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const { member, restaurants, invitations } = loaderData;
  const items = NAV_ITEMS.filter((item) => !item.needs || can(member.role, item.needs));
  // On a phone the row of sections scrolls: keep the current one in view (in either direction).
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // Braces: Chromium's scrollIntoView now returns a promise, which React would take for a cleanup.
  useEffect(() => {
    nav.current?.querySelector("[aria-current=page]")?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [pathname]);
  return (
    <div className="min-h-dvh bg-stone-50 text-stone-900 dark:bg-stone-950 dark:text-stone-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-20 focus:rounded-full focus:bg-white focus:px-4 focus:py-2 focus:text-stone-900"
      >
        {t("a11y.skipToContent")}
      </a>
      <header className="sticky top-0 z-10 border-b border-black/10 bg-white/95 backdrop-blur dark:border-white/10 dark:bg-stone-900/95">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 pt-3 pb-2">
          <div className="min-w-0 flex-1">
            <p className="text-xs font-bold uppercase tracking-wide text-stone-500 dark:text-stone-400">
              {t("console.title")} · {t(`console.roles.${member.role}`)}
            </p>
            <p className="truncate text-lg font-bold" data-testid="console-restaurant">
              {localized(member, "name", lang)}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <PreferenceButtons />
            <Form method="post" action="/console/sign-out">
              <button type="submit" className="rounded-full px-3 py-2 text-sm font-bold ring-1 ring-black/15 dark:ring-white/20">
                {t("console.signOut")}
              </button>
            </Form>
          </div>
          {restaurants.length > 1 && (
            <div className="basis-full">
              <RestaurantSwitcher current={member.restaurantId} restaurants={restaurants} />
            </div>
          )}
        </div>
        <nav ref={nav} aria-label={t("console.nav.label")} className="mx-auto max-w-5xl scroll-px-4 overflow-x-auto px-2 pb-2">
          <ul className="flex gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/console"}
                  data-testid={`nav-${item.label}`}
                  className={({ isActive }) =>
                    `block whitespace-nowrap rounded-full px-3 py-2 text-sm font-bold ${isActive ? "bg-stone-900 text-white dark:bg-white dark:text-stone-900" : "text-stone-700 hover:bg-black/5 dark:text-stone-200 dark:hover:bg-white/10"}`
                  }
                >
                  {t(`console.nav.${item.label}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-5xl px-4 py-5">
        {invitations > 0 && (
          <p
            role="status"
            data-testid="invitations-notice"
            className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-amber-100 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
          >
            <span>{t("console.invitations.notice", { count: invitations })}</span>
            <Link to="/console/invitations" className="font-bold underline underline-offset-2">
              {t("console.invitations.see")}
            </Link>
          </p>
        )}
        <Outlet context={loaderData} />
      </main>
    </div>
  );
}

/** The frame's own failure: with an external backend there is no console; anything else, the console's error screen. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && (error.data as { error?: string } | null)?.error === "upstream") return <UpstreamNotice />;
  return (
    <main id="main" className="px-4 py-10">
      <ConsoleErrorBoundary />
    </main>
  );
}

/** The console's data for the screens inside it (member, role, restaurants). */
export const useConsole = () => useOutletContext<ConsoleData>();
