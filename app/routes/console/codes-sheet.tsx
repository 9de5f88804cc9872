// /console/branches/:branchId/codes/sheet: the printable A4 sheet of table codes. A page of its own,
// outside the console's frame, so printing it prints only the pages (its own small bar is print:hidden)
// and what is on screen is what comes out of the printer.
import { useState, type MouseEvent } from "react";
import type { Route } from "./+types/codes-sheet";
import { CodeCard } from "~/components/console/codes/qr-svg";
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { localized, useLanguage } from "~/lib/localized";
import { useConsoleTranslation } from "~/locales/console";
import { LAYOUTS, pagesOf } from "../../../worker/rules/table-codes";
import { placeName } from "../../../worker/rules/place-name";
import { loadCodesSheet } from "./codes.server";
import { privatePageHeaders } from "~/lib/route-headers";

export const meta: Route.MetaFunction = () => [{ title: "Table QR codes" }, { name: "robots", content: "noindex" }];
export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadCodesSheet(request, context, params.branchId);
}

// The label's size follows the page's width (cqw), so the screen's scaled page and paper look alike.
const LABEL_SIZE = { 1: "5cqw", 4: "3.2cqw", 6: "2.8cqw", 12: "2cqw" } as const;
// A4 with a 10 mm margin; the pages below are exactly the printable area (190 × 277 mm).
const PRINT_CSS = "@page { size: A4; margin: 10mm; }";

export default function CodesSheet({ loaderData }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const { branch, restaurant, typed, problem, per, codes, limit, maxTable, logo, domain } = loaderData;
  const place = placeName(localized(restaurant, "name", lang), localized(branch, "name", lang));
  const [pdf, setPdf] = useState<"idle" | "building" | "failed">("idle");
  // With the page's script, the PDF is built here, logo and Arabic included; without it (or should the
  // browser fail), the link's server PDF (Latin labels) is what downloads.
  const buildPdf = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!codes.length) return;
    event.preventDefault();
    const link = event.currentTarget.href;
    setPdf("building");
    const placeAr = placeName(restaurant.name_ar, branch.name_ar);
    import("~/components/console/codes/sheet-pdf")
      .then(({ downloadSheetPdf }) =>
        downloadSheetPdf(
          { codes, per, table: (n) => `Table ${n}`, place: placeName(restaurant.name_en, branch.name_en), placeAr, logo },
          `table-codes-${domain}-${branch.id}-${codes[0]!.table}-${codes.at(-1)!.table}.pdf`,
        ),
      )
      .then(
        () => setPdf("idle"),
        () => {
          setPdf("failed");
          window.location.assign(link);
        },
      );
  };
  const query = new URLSearchParams(typed).toString();
  const back = `/console/branches/${branch.id}/codes?${query}`;
  const [columns, rows] = LAYOUTS[per];
  return (
    <div className="min-h-dvh bg-stone-200 text-stone-900 print:min-h-0 print:bg-white dark:bg-stone-950 dark:text-stone-50">
      <style>{PRINT_CSS}</style>
      <div className="sticky top-0 z-10 flex flex-wrap items-center gap-2 border-b border-black/10 bg-white/95 px-4 py-3 print:hidden dark:border-white/10 dark:bg-stone-900/95">
        <a href={back} className="text-sm font-bold text-amber-800 underline underline-offset-4 dark:text-amber-300">
          {t("console.codes.back")}
        </a>
        <h1 className="me-auto min-w-0 truncate font-bold">
          {t("console.codes.title")} · {place}
        </h1>
        {!problem && (
          <>
            <button
              type="button"
              onClick={() => window.print()}
              data-testid="codes-print"
              className="rounded-full bg-stone-900 px-4 py-2 text-sm font-bold text-white dark:bg-white dark:text-stone-900"
            >
              {t("console.codes.print")}
            </button>
            <a
              href={`/console/branches/${branch.id}/codes.pdf?${query}`}
              download
              onClick={buildPdf}
              aria-busy={pdf === "building"}
              data-testid="codes-sheet-pdf"
              className="rounded-full px-4 py-2 text-sm font-bold ring-1 ring-black/20 dark:ring-white/30"
            >
              {pdf === "building" ? t("console.codes.building") : t("console.codes.download")}
            </a>
            {pdf === "failed" && (
              <span role="status" className="text-sm">
                {t("console.codes.pdfFallback")}
              </span>
            )}
          </>
        )}
      </div>
      {problem ? (
        <p role="alert" data-testid="codes-problem" className="m-4 rounded-xl bg-red-100 px-4 py-3 font-bold text-red-900">
          {t(`console.codes.problems.${problem}`, { max: maxTable, limit })}
        </p>
      ) : (
        <div data-testid="codes-sheet" className="flex flex-col items-center gap-4 p-4 print:block print:p-0">
          {pagesOf(codes, per).map((page, i) => (
            <section
              key={page[0]!.table}
              data-testid="codes-page"
              aria-label={`${i + 1}`}
              className="@container aspect-[210/297] w-[210mm] max-w-full bg-white p-[4.76%] shadow-lg print:aspect-auto print:h-[277mm] print:w-[190mm] print:max-w-none print:break-after-page print:p-0 print:shadow-none print:last:break-after-auto"
            >
              <div
                className="grid h-full w-full gap-[2cqw]"
                style={{
                  gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                  gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))`,
                  fontSize: LABEL_SIZE[per],
                }}
              >
                {page.map((code) => (
                  <CodeCard
                    key={code.table}
                    code={code}
                    title={t("console.codes.table", { table: code.table })}
                    place={place}
                    logo={logo}
                    className="overflow-hidden p-[1cqw] outline-1 outline-dashed outline-stone-300"
                  />
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <main id="main" className="px-4 py-10">
      <ConsoleErrorBoundary />
    </main>
  );
}
