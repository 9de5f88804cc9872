// The branch screens' header: back (to a given same-origin path, else one step back), the
// restaurant name linking to the branch home, and a shadow once the page has scrolled.
import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { Link, useNavigate } from "react-router";
import { safeLocalPath } from "~/lib/safe-path";
import { ArrowBackIcon } from "../icons";
import { ThemeToggle } from "../preferences";

interface TopBarProps {
  title: string;
  homeHref: string;
  /** Where back goes; without it, back is one step of history (or home on a first visit). */
  backTo?: string;
}

export function TopBar({ title, homeHref, backTo }: TopBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 8);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  const target = safeLocalPath(backTo ?? homeHref, homeHref);
  const back = (e: React.MouseEvent) => {
    if (backTo) return; // a plain link to the given path
    // React Router keeps the history index: step back only when there is a step inside the site.
    if ((window.history.state?.idx ?? 0) > 0) {
      e.preventDefault();
      void navigate(-1);
    }
  };
  return (
    <header
      className={`sticky top-0 z-30 flex h-14 items-center gap-2 px-2 transition-[background-color,box-shadow] ${scrolled ? "bg-primary text-on-primary shadow-md" : "bg-surface text-on-surface"}`}
    >
      <Link to={target} onClick={back} className="inline-flex size-10 items-center justify-center rounded-full hover:bg-black/10" aria-label={t("common.back")}>
        <ArrowBackIcon />
      </Link>
      <Link to={homeHref} className="min-w-0 flex-1 truncate text-center text-lg font-bold uppercase tracking-wide">
        {title}
      </Link>
      <ThemeToggle />
    </header>
  );
}
