// RFC 4180 CSV, both ways, for the menu's spreadsheet import and export (no package: a few dozen lines).
// The parser keeps each record's physical line (a quoted newline moves the count on), so an import's
// errors point at the line a spreadsheet user sees in a text editor.

interface CsvRecord {
  /** The file's physical line (1-based) where the record starts. */
  line: number;
  cells: string[];
}

export type CsvParse = { ok: true; records: CsvRecord[] } | { ok: false; line: number; problem: "unclosed-quote" | "after-quote" };

const BOM = "\uFEFF";

/**
 * Records of a CSV text: a leading BOM is dropped, CRLF, LF and a lone CR end a record, a newline inside
 * quotes is kept as "\n", `""` inside quotes is one quote. Blank lines are skipped. A quote in the
 * middle of an unquoted cell is kept as text (spreadsheets write `5" pan` that way); text after a closing
 * quote, or a quote never closed, is an error at its line.
 */
export function parseCsv(input: string): CsvParse {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let cell = "";
  let i = 0;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== "") records.push({ line: start, cells });
    cells = [];
    cell = "";
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"' && cell === "") {
      // A quoted cell: up to the closing quote that is not doubled.
      const opened = line;
      i++;
      for (;;) {
        if (i >= text.length) return { ok: false, line: opened, problem: "unclosed-quote" };
        const q = text[i]!;
        if (q === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (q === "\r" || q === "\n") {
          i += q === "\r" && text[i + 1] === "\n" ? 2 : 1;
          line++;
          cell += "\n";
          continue;
        }
        cell += q;
        i++;
      }
      const next = text[i];
      if (next !== undefined && next !== "," && next !== "\r" && next !== "\n") return { ok: false, line, problem: "after-quote" };
      if (next === undefined) {
        cells.push(cell);
        records.push({ line: start, cells });
        return { ok: true, records };
      }
      continue;
    }
    if (ch === ",") {
      cells.push(cell);
      cell = "";
      i++;
      continue;
    }
    if (ch === "\r" || ch === "\n") {
      endRecord();
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line++;
      start = line;
      continue;
    }
    cell += ch;
    i++;
  }
  if (cell !== "" || cells.length) endRecord();
  return { ok: true, records };
}

/** Characters that make a spreadsheet read a cell as a formula (OWASP's list, with tab and CR). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One text cell for export: a cell a spreadsheet would run as a formula gets a leading `'` (shown as
 * text, and taken off again by `fromFormulaSafe` on import); quoted when it holds a comma, quote,
 * newline or edge space.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The inverse of the export's formula guard: `'=x` is read back as `=x`. */
export const fromFormulaSafe = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/** A whole CSV file: BOM (so Excel reads UTF-8 Arabic), CRLF between records as RFC 4180 says. */
export const csvFile = (rows: readonly (readonly (string | number | null)[])[]) => BOM + rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
