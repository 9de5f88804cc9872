// A legal document: title, updated-date line, contents and its sections.
import type { LegalDocument } from "~/locales/marketing/legal-types";
import { MarketingShell } from "./site-footer";
import { useMarketing } from "./use-marketing";

export function LegalPage({ doc }: { doc: LegalDocument }) {
  const m = useMarketing();
  return (
    <MarketingShell>
      <article className="mx-auto max-w-3xl px-4 pt-10">
        <h1 className="text-4xl font-bold">{doc.title}</h1>
        <p className="mt-2 text-on-surface/75">
          {m.legal.updated}: {doc.updated}
        </p>
        <p className="mt-6 text-lg leading-relaxed">{doc.intro}</p>
        <nav aria-labelledby="contents" className="mt-8 rounded-2xl bg-on-surface/[0.04] p-5">
          <h2 id="contents" className="font-bold">
            {m.legal.contents}
          </h2>
          <ol className="mt-2 grid list-decimal gap-x-8 gap-y-1 ps-5 text-sm sm:grid-cols-2">
            {doc.sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="underline-offset-4 hover:underline">
                  {s.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {doc.sections.map((section, i) => (
          <section key={section.id} id={section.id} className="mt-10 scroll-mt-20">
            <h2 className="text-2xl font-bold">
              {i + 1}. {section.heading}
            </h2>
            {section.paragraphs.map((p, j) => (
              <p key={j} className="mt-3 leading-relaxed text-on-surface/85">
                {p}
              </p>
            ))}
          </section>
        ))}
      </article>
    </MarketingShell>
  );
}
