// The import's request: its body bounded here (1 MB of CSV is more than the site-wide 512 KB bound, so
// worker/index.ts leaves these paths to this), the multipart form read, the file decoded as UTF-8.
import * as v from "valibot";
import { readBounded } from "../../storage/upload";

/** The largest CSV file accepted. */
export const MAX_CSV_BYTES = 1024 * 1024;
/** The whole request: the file plus the multipart envelope and the form's other fields. */
const MAX_IMPORT_BODY_BYTES = MAX_CSV_BYTES + 16 * 1024;
/** The import page's path and its data request: the site-wide body bound leaves them to this one. */
export const IMPORT_PATHS: ReadonlySet<string> = new Set(["/console/menu/import", "/console/menu/import.data"]);

const Form = v.variant(
  "intent",
  [
    v.object({
      intent: v.literal("preview"),
      file: v.pipe(
        v.instance(File),
        v.check((f) => f.size > 0, "choose a CSV file"),
      ),
    }),
    v.object({
      intent: v.literal("apply"),
      stash: v.pipe(v.string(), v.maxLength(64)),
      // The report's choices: skip the bad lines (a checkbox), and create or skip duplicate dishes.
      skipBad: v.optional(v.literal("on", "skipBad must be on or absent")),
      duplicates: v.optional(v.picklist(["create", "skip"], "duplicates must be create or skip"), "skip"),
    }),
  ],
  "intent must be preview or apply",
);
type ImportForm = { intent: "preview"; text: string } | { intent: "apply"; stash: string; skipBad?: "on"; duplicates: "create" | "skip" };
export type ImportFormResult = { ok: true; form: ImportForm } | { ok: false; error: "too-large" | "bad-form" | "encoding"; message?: string };

export async function readImportForm(request: Request): Promise<ImportFormResult> {
  const bytes = await readBounded(request, MAX_IMPORT_BODY_BYTES);
  if (!bytes) return { ok: false, error: "too-large" };
  const contentType = request.headers.get("content-type") ?? "";
  const data = await new Response(bytes, { headers: { "content-type": contentType } }).formData().catch(() => null);
  const form = v.safeParse(Form, data ? Object.fromEntries(data) : {});
  if (!form.success) return { ok: false, error: "bad-form", message: v.summarize(form.issues) };
  if (form.output.intent === "apply") return { ok: true, form: form.output };
  if (form.output.file.size > MAX_CSV_BYTES) return { ok: false, error: "too-large" };
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(await form.output.file.arrayBuffer());
    return { ok: true, form: { intent: "preview", text } };
  } catch {
    return { ok: false, error: "encoding" };
  }
}
