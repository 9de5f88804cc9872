// The marketing footer: contact details, legal links and the 'produced by' credit.
import { Link } from "react-router";
import { telHref } from "~/lib/phone";
import { digitsOnly } from "../../../worker/rules/digits";
import { SiteHeader } from "./site-header";
import { useMarketing } from "./use-marketing";

export const whatsappHref = (number: string) => `https://wa.me/${digitsOnly(number)}`;

function SiteFooter() {
  const m = useMarketing();
  const f = m.footer;
  return (
    <footer className="mt-20 border-t border-on-surface/10 bg-on-surface/[0.03]">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold">
            <img src="/logo.svg" alt="" width={28} height={28} />
            {m.brand}
          </p>
          <p className="mt-2 text-sm text-on-surface/75">{f.address}</p>
        </div>
        <div>
          <h2 className="text-sm font-bold tracking-widest text-on-surface/70 uppercase">{f.contact}</h2>
          <ul className="mt-3 space-y-1.5 text-sm">
            <li>
              <a href={telHref(f.phone)} dir="ltr" className="hover:underline">
                {f.phone}
              </a>
            </li>
            <li>
              <a href={whatsappHref(f.whatsapp)} className="hover:underline">
                {m.contact.whatsapp} <span dir="ltr">{f.whatsapp}</span>
              </a>
            </li>
            <li>
              <a href={`mailto:${f.email}`} className="hover:underline">
                {f.email}
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-bold tracking-widest text-on-surface/70 uppercase">{f.legal}</h2>
          <ul className="mt-3 space-y-1.5 text-sm">
            <li>
              <Link to="/terms-of-service" className="hover:underline">
                {m.titles.terms}
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className="hover:underline">
                {m.titles.privacy}
              </Link>
            </li>
            <li>
              <Link to="/about-us" className="hover:underline">
                {m.titles.about}
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-on-surface/10 py-5 text-center text-sm text-on-surface/75">
        {f.producedBy}{" "}
        <Link to="/about-us" className="font-bold text-primary hover:underline dark:text-amber-300">
          {f.company}
        </Link>{" "}
        · © 2024–2026
      </p>
    </footer>
  );
}

export function MarketingShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface text-on-surface">
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
