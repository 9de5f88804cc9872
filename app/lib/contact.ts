// The contact form (name, phone, subject, message; all required) becomes a prefilled e-mail.
// Shared by the server (no-JavaScript path) and the browser.
import * as v from "valibot";

export const CONTACT_FIELDS = ["name", "phone", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactForm = Record<ContactField, string>;

const Field = (max: number) => v.pipe(v.optional(v.string(), ""), v.trim(), v.maxLength(max));
const Form = v.object({ name: Field(100), phone: Field(30), subject: Field(150), message: Field(3000) });

/** The trimmed fields and which are missing. Never throws, whatever it is given. */
export function readContact(input: Record<string, unknown>): { form: ContactForm; missing: ContactField[] } {
  const parsed = v.safeParse(Form, input);
  const form: ContactForm = parsed.success
    ? parsed.output
    : {
        name: "",
        phone: "",
        subject: "",
        message: "",
        ...Object.fromEntries(
          CONTACT_FIELDS.map((f) => [
            f,
            String(input[f] ?? "")
              .trim()
              .slice(0, 3000),
          ]),
        ),
      };
  return { form, missing: CONTACT_FIELDS.filter((f) => !form[f]) };
}

export function buildMailto(to: string, form: ContactForm, labels: { name: string; phone: string }, subjectPrefix: string): string {
  const subject = `${subjectPrefix}: ${form.subject}`;
  const body = `${form.message}\n\n${labels.name}: ${form.name}\n${labels.phone}: ${form.phone}`;
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
