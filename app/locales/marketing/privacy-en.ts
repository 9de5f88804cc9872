import type { LegalDocument } from "./legal-types";

const privacy: LegalDocument = {
  title: "Privacy Policy",
  updated: "June 2024",
  intro:
    'This policy explains what personal data Menu Technologies ("Menu", "we") collects when restaurants use our digital menu and ordering service and when diners use a restaurant\'s menu, how we use it and the choices you have. It applies to our website, the menus we host and our customer support.',
  sections: [
    {
      id: "sharing",
      heading: "Information sharing",
      paragraphs: [
        "We collect the information restaurants give us to run their account (business name, contact person, e-mail, phone, billing details) and the information diners give when they order (name, phone number, order contents and notes). We also keep technical data such as the device type and the pages visited, to keep the service secure and fast.",
        "We do not sell personal data. We share it only with the restaurant a diner orders from, with service providers that work for us under contract (hosting, SMS delivery, payment processing, e-mail), and with authorities when the law requires it. Every provider may use the data only to provide its service to us.",
      ],
    },
    {
      id: "opt-out",
      heading: "Opt-out from communications",
      paragraphs: [
        "Restaurants receive service messages about their account, billing and security; these cannot be switched off while the account is open. Marketing e-mails contain an unsubscribe link, and you may also ask our support team to stop them at any time. Diners receive only the messages needed for their order, such as a one-time verification code.",
      ],
    },
    {
      id: "modify-delete",
      heading: "Modifying and deleting personal data",
      paragraphs: [
        "Restaurants can correct their account details from the account management page or by writing to us. A diner can ask the restaurant, or us, to correct or delete the name and phone number linked to their orders. We delete or anonymise the data within 30 days of a valid request, except where we must keep it by law (for example, invoices).",
      ],
    },
    {
      id: "rights",
      heading: "Exercising data protection rights",
      paragraphs: [
        "Depending on where you live, you may have the right to access the personal data we hold about you, to receive a copy, to have it corrected or erased, to restrict or object to its processing and to withdraw consent. To exercise these rights, contact us using the details below. We will confirm your identity before acting and reply within 30 days. You may also complain to your data protection authority.",
      ],
    },
    {
      id: "transfer",
      heading: "Consent to transfer",
      paragraphs: [
        "Our service runs on a global network of data centres, so your data may be processed outside the United Arab Emirates, including in countries with different data protection laws. By using the service you consent to this transfer. We require our providers to protect the data with safeguards equivalent to this policy.",
      ],
    },
    {
      id: "retention",
      heading: "Retention",
      paragraphs: [
        "We keep restaurant account data for as long as the account is open and for up to five years afterwards for accounting and legal claims. Diners' order data is kept for as long as the restaurant needs it to serve and account for orders, and at most three years. One-time verification codes expire within ten minutes and are stored only in a hashed form.",
      ],
    },
    {
      id: "children",
      heading: "Children",
      paragraphs: [
        "The service is not directed at children. We do not knowingly collect personal data from anyone under 16. If you believe a child under 16 has given us personal data, contact us and we will delete it.",
      ],
    },
    {
      id: "california",
      heading: "California residents",
      paragraphs: [
        "If you are a resident of California, the California Consumer Privacy Act gives you the right to know which categories of personal data we collect and why, to request deletion, and not to be discriminated against for exercising these rights. We do not sell or share personal data for cross-context behavioural advertising. Requests can be sent to the contact details below.",
      ],
    },
    {
      id: "changes",
      heading: "Changes",
      paragraphs: [
        "We may update this policy as the service or the law changes. We will post the new version on this page with its date, and where the change is material we will tell restaurants by e-mail at least 30 days before it takes effect.",
      ],
    },
    {
      id: "security",
      heading: "Data security",
      paragraphs: [
        "We protect data with encryption in transit, access limited to the people who need it, signed and short-lived tokens, and regular reviews. Card data is never stored by Menu: it is handled by payment providers that comply with the PCI DSS standard. No method of transmission or storage is completely secure, but we work to keep your data safe and will notify you of a breach as the law requires.",
      ],
    },
    {
      id: "contact",
      heading: "How to contact us",
      paragraphs: ["Menu Technologies, Dubai, United Arab Emirates. E-mail hello@menu.example.com, phone +971 4 555 0100, WhatsApp +971 50 555 0100."],
    },
  ],
};

export default privacy;
