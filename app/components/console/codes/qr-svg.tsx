// One table's QR code as SVG, from the path the server built (worker/rules/table-codes.ts), so the
// screen, the printed sheet and the PDF draw the same modules.
import { SCAN_TO_ORDER, type TableCode } from "../../../../worker/rules/table-codes";

function QrSvg({ code, label, className }: { code: Pick<TableCode, "size" | "path">; label: string; className?: string }) {
  return (
    <svg viewBox={`0 0 ${code.size} ${code.size}`} role="img" aria-label={label} shapeRendering="crispEdges" className={className} data-testid="table-code-svg">
      {/* The quiet zone stays white in dark mode too: a scanner needs it light. */}
      <rect width={code.size} height={code.size} fill="#fff" />
      <path d={code.path} fill="#000" />
    </svg>
  );
}

/**
 * A code with its label: the logo (when the restaurant has one), the code, "Table 7", "Scan to order /
 * امسح للطلب" (both languages on every card), then the restaurant and branch.
 */
export function CodeCard({
  code,
  title,
  place,
  logo = null,
  className = "",
}: {
  code: Pick<TableCode, "size" | "path" | "table">;
  title: string;
  place: string;
  logo?: string | null;
  className?: string;
}) {
  return (
    <figure
      data-testid="table-code"
      data-table={code.table}
      className={`flex min-h-0 flex-col items-center justify-center gap-1 bg-white text-center text-black ${className}`}
    >
      {logo && <img src={logo} alt="" data-testid="table-code-logo" className="h-[2.2em] max-w-[60%] shrink-0 object-contain" />}
      <QrSvg code={code} label={title} className="aspect-square min-h-0 w-full max-w-full flex-1 object-contain" />
      <figcaption className="leading-tight">
        <span className="block text-[1.4em] font-bold">{title}</span>
        <span className="block text-[0.9em] font-bold" data-testid="table-code-scan">
          <span lang="en" dir="ltr">
            {SCAN_TO_ORDER.en}
          </span>
          {" / "}
          <span lang="ar" dir="rtl">
            {SCAN_TO_ORDER.ar}
          </span>
        </span>
        <span className="block text-[0.8em] text-stone-700">{place}</span>
      </figcaption>
    </figure>
  );
}
