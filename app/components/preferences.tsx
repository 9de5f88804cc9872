// Language and theme switches, shown on every screen's top bar.
import { useTranslation } from "~/lib/i18n";
import { Form, useLocation, useRouteLoaderData } from "react-router";
import { useTheme, type Theme } from "~/lib/theme";
import { MoonIcon, SunIcon } from "./icons";

const buttonClass =
  "inline-flex size-10 items-center justify-center rounded-full text-base font-bold transition-colors " +
  "bg-black/10 hover:bg-black/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current";

/** A plain form post, so switching works before (and without) the page's JavaScript. */
function LanguageToggle() {
  const { t, lang: language } = useTranslation();
  const location = useLocation();
  const next = language === "ar" ? "en" : "ar";
  return (
    <Form method="post" action="/action/set-language" preventScrollReset>
      <input type="hidden" name="lang" value={next} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <button type="submit" className={buttonClass} lang={next}>
        <span aria-hidden="true">{t("language.switchTo")}</span>
        <span className="sr-only">{t("language.switchLabel")}</span>
      </button>
    </Form>
  );
}

/**
 * Sun in dark mode, moon in light; both are rendered and CSS picks one, so SSR and hydration agree.
 * A form posting the other theme, so it works before (and without) JavaScript; with JavaScript
 * app/lib/theme.tsx switches in place (the system theme counts when nothing was chosen).
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  const location = useLocation();
  // What the server painted (the cookie's choice), so the posted value matches the page without JavaScript.
  const painted = (useRouteLoaderData("root") as { theme?: Theme | null } | undefined)?.theme;
  const toggle = (e: React.FormEvent) => {
    e.preventDefault();
    const current = theme ?? (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");
    setTheme(current === "dark" ? "light" : "dark");
  };
  return (
    <form method="post" action="/action/set-theme" onSubmit={toggle}>
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        name="theme"
        value={painted === "dark" ? "light" : "dark"}
        className={buttonClass}
        aria-label={t("a11y.switchTheme")}
        data-testid="theme-toggle"
      >
        <MoonIcon className="dark:hidden" />
        <SunIcon className="hidden dark:block" />
      </button>
    </form>
  );
}

export function PreferenceButtons() {
  return (
    <div className="flex items-center gap-2">
      <LanguageToggle />
      <ThemeToggle />
    </div>
  );
}
