// /contact: phone numbers, WhatsApp, e-mail and a form that opens the visitor's mail app with a
// prefilled message. Without JavaScript the form is a GET to this page, which checks the fields
// and offers the prepared mailto link; with JavaScript it is checked and opened in place.
import { useState } from "react";
import { Form } from "react-router";
import type { Route } from "./+types/contact";
import { MarketingShell, whatsappHref } from "~/components/marketing/site-footer";
import { useMarketing } from "~/components/marketing/use-marketing";
import { buildMailto, CONTACT_FIELDS, readContact, type ContactField } from "~/lib/contact";
import { marketingData, marketingPage } from "~/lib/marketing.server";
import { telHref } from "~/lib/phone";
import { marketingMeta } from "~/lib/marketing-meta";
import { marketingStrings } from "~/locales/marketing";
import { publicPageHeaders } from "~/lib/route-headers";

export const meta: Route.MetaFunction = ({ loaderData }) => marketingMeta(loaderData, "contact");
export const headers: Route.HeadersFunction = publicPageHeaders;

export function loader({ request, context }: Route.LoaderArgs) {
  const page = marketingPage(request, context);
  const params = new URL(request.url).searchParams;
  const submitted = CONTACT_FIELDS.some((f) => params.has(f));
  const { form, missing } = readContact(Object.fromEntries(params));
  const m = marketingStrings(page.lang);
  const mailto = submitted && missing.length === 0 ? buildMailto(m.footer.email, form, m.contact.body, m.contact.mailSubject) : null;
  return marketingData({ ...page, submitted, form, missing: submitted ? missing : [], mailto });
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const m = useMarketing();
  const c = m.contact;
  const [missing, setMissing] = useState<ContactField[]>(loaderData.missing);
  const [mailto, setMailto] = useState<string | null>(loaderData.mailto);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { form, missing: now } = readContact(Object.fromEntries(new FormData(event.currentTarget)));
    setMissing(now);
    if (now.length > 0) {
      event.currentTarget.querySelector<HTMLElement>(`[name=${now[0]}]`)?.focus();
      return;
    }
    const link = buildMailto(m.footer.email, form, c.body, c.mailSubject);
    setMailto(link); // also shown as a link, in case no mail app opens
    window.location.href = link;
  };
  return (
    <MarketingShell>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 pt-10 md:grid-cols-2">
        <section>
          <h1 className="text-4xl font-bold">{c.title}</h1>
          <p className="mt-3 text-lg text-on-surface/80">{c.text}</p>
          <dl className="mt-8 space-y-4">
            <div>
              <dt className="text-sm font-bold text-on-surface/70">{c.phones}</dt>
              <dd>
                <a dir="ltr" href={telHref(m.footer.phone)} className="text-lg underline-offset-4 hover:underline">
                  {m.footer.phone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-bold text-on-surface/70">{c.whatsapp}</dt>
              <dd>
                <a dir="ltr" href={whatsappHref(m.footer.whatsapp)} className="text-lg underline-offset-4 hover:underline">
                  {m.footer.whatsapp}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-bold text-on-surface/70">{c.email}</dt>
              <dd>
                <a href={`mailto:${m.footer.email}`} className="text-lg underline-offset-4 hover:underline">
                  {m.footer.email}
                </a>
              </dd>
            </div>
          </dl>
        </section>
        <section aria-labelledby="contact-form" className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10">
          <h2 id="contact-form" className="text-xl font-bold">
            {c.form}
          </h2>
          <Form method="get" noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
            {CONTACT_FIELDS.map((field) => {
              const error = missing.includes(field);
              const id = `contact-${field}`;
              const common = {
                id,
                name: field,
                defaultValue: loaderData.form[field],
                "aria-invalid": error || undefined,
                "aria-describedby": error ? `${id}-error` : undefined,
                required: true,
                className:
                  "w-full rounded-xl bg-surface p-3 ring-1 ring-on-surface/20 focus:ring-2 focus:ring-amber-700 focus:outline-none aria-[invalid]:ring-red-700",
              };
              return (
                <div key={field}>
                  <label htmlFor={id} className="mb-1 block font-bold">
                    {c[field]}
                  </label>
                  {field === "message" ? (
                    <textarea rows={5} maxLength={3000} {...common} />
                  ) : (
                    <input type={field === "phone" ? "tel" : "text"} maxLength={150} {...common} />
                  )}
                  {error && (
                    <p id={`${id}-error`} className="mt-1 text-sm font-bold text-red-700 dark:text-red-400">
                      {c.required}
                    </p>
                  )}
                </div>
              );
            })}
            <button type="submit" className="h-12 w-full rounded-full bg-amber-800 font-bold text-white hover:bg-amber-900">
              {c.send}
            </button>
          </Form>
          {mailto && (
            <p role="status" className="mt-4 rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
              {c.ready}{" "}
              <a href={mailto} data-testid="mailto" className="font-bold underline">
                {c.open}
              </a>
            </p>
          )}
        </section>
      </div>
    </MarketingShell>
  );
}
