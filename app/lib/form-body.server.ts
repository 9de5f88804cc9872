// The one guarded way an action reads a form body: anything that is not a readable form (JSON,
// text/plain, multipart without a boundary, a broken stream) is null, for the action's own 4xx,
// never a thrown error and a 500.
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** The body as FormData, or null when it is not a form. */
export async function readForm(request: Request): Promise<FormData | null> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) return null;
  return request.formData().catch(() => null);
}

/** The form's fields (the last value of a repeated name), or null when the body is not a form. */
export async function readFields(request: Request): Promise<Record<string, FormDataEntryValue> | null> {
  const form = await readForm(request);
  return form ? Object.fromEntries(form) : null;
}

/** Only the text fields (files dropped), or null when the body is not a form. */
export async function readTextFields(request: Request): Promise<Record<string, string> | null> {
  const form = await readForm(request);
  return form ? Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string")) : null;
}
