// The marketing header: brand, home and contact links, "Sign in" to the console, language and theme switches.
import { NavLink } from "react-router";
import { PreferenceButtons } from "../preferences";
import { useMarketing } from "./use-marketing";

const linkClass =
  "rounded-full px-2 py-2 text-sm font-bold whitespace-nowrap sm:px-3 hover:bg-on-surface/5 aria-[current=page]:text-primary dark:aria-[current=page]:text-amber-300";

export function SiteHeader() {
  const m = useMarketing();
  return (
    <header className="sticky top-0 z-30 border-b border-on-surface/10 bg-surface/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <NavLink to="/" className="me-auto flex items-center gap-2 text-xl font-bold">
          <img src="/logo.svg" alt="" width={32} height={32} className="size-8" />
          {m.brand}
        </NavLink>
        <nav aria-label={m.nav.main}>
          <ul className="flex items-center">
            <li className="max-sm:hidden">
              <NavLink to="/" end className={linkClass}>
                {m.nav.home}
              </NavLink>
            </li>
            <li>
              <NavLink to="/contact" className={linkClass}>
                {m.nav.contact}
              </NavLink>
            </li>
            <li>
              <NavLink to="/console/sign-in" data-testid="sign-in" className={linkClass}>
                {m.nav.signIn}
              </NavLink>
            </li>
          </ul>
        </nav>
        <PreferenceButtons />
      </div>
    </header>
  );
}
