import type { LegalDocument } from "./legal-types";

const terms: LegalDocument = {
  title: "Terms of Service",
  updated: "25 June 2024",
  intro:
    'These terms govern the use of the Menu digital menu and ordering service (the "Service") provided by Menu Technologies, Dubai, United Arab Emirates (the "Provider", "we"). By creating an account or using the Service you (the "Customer" or "User") agree to them.',
  sections: [
    {
      id: "intro",
      heading: "Introduction",
      paragraphs: [
        "The Service lets restaurants and cafés publish their menus online, show them to diners through QR codes and links, and receive orders. These terms apply to restaurant customers who subscribe and, where relevant, to diners who use a restaurant's menu. Third-party service providers we rely on (hosting, SMS, payments) have their own terms, which apply to their part of the Service.",
      ],
    },
    {
      id: "privacy",
      heading: "Privacy and communications",
      paragraphs: [
        "Our Privacy Policy explains how we handle personal data and forms part of these terms. By using the Service you agree to receive electronic communications from us about your account, billing and the Service; these are part of your relationship with us and may be sent by e-mail, SMS or WhatsApp.",
      ],
    },
    {
      id: "ability",
      heading: "Ability to accept the terms",
      paragraphs: [
        "You must be over 18 years old, or an emancipated minor, and legally able to enter into a binding contract. If you accept these terms for a business, you confirm that you are authorised to bind that business.",
      ],
    },
    {
      id: "use",
      heading: "Acceptable use",
      paragraphs: [
        "You agree to use the Service only for lawful purposes and to give accurate account and billing information. You must not publish unlawful, misleading or infringing content, interfere with the Service or other users, attempt to gain unauthorised access, send unsolicited messages through the Service, or use it to process payments for goods you do not sell.",
      ],
    },
    {
      id: "purchases",
      heading: "Purchases",
      paragraphs: [
        "When you buy a subscription you must provide a valid payment card and accurate billing information, including your full name, address and phone number. You confirm that you have the right to use the card, and you authorise us, through our payment providers, to charge it for the plan you choose, including taxes.",
      ],
    },
    {
      id: "availability",
      heading: "Availability, errors and inaccuracies",
      paragraphs: [
        "We continually improve the Service and may change, suspend or discontinue features. Information on our website, including prices and plan descriptions, may contain errors; we may correct them and update information at any time without notice. We do not guarantee that the Service will be uninterrupted or free of errors.",
      ],
    },
    {
      id: "subscriptions",
      heading: "Subscriptions",
      paragraphs: [
        "The Service is billed in advance on a recurring basis, monthly or annually, depending on the plan you choose. At the end of each billing cycle your subscription renews automatically under the same conditions unless you cancel it or we cancel it. You can cancel through your account management page or by contacting our support team; cancellation takes effect at the end of the current cycle.",
        "If an automatic charge fails for any reason, we will send you an electronic invoice that you must pay manually by the deadline stated on it. We may suspend the Service until it is paid.",
      ],
    },
    {
      id: "trial",
      heading: "Free trial",
      paragraphs: [
        "We may offer a subscription with a free trial for a limited period. You may be asked for your billing information to start the trial. You will not be charged until the trial ends; at its end the trial becomes a paid subscription and the first charge is taken, unless you cancel before the trial ends. We may change or end trial offers at any time without notice.",
      ],
    },
    {
      id: "fees",
      heading: "Fee changes",
      paragraphs: [
        "We may change subscription fees at our discretion. A change takes effect at the end of the then-current billing cycle, and we will give you reasonable prior notice so that you can cancel before it applies. Continuing to use the Service after the change means you accept the new fees.",
      ],
    },
    {
      id: "refunds",
      heading: "Chargebacks and refunds",
      paragraphs: [
        "Except where required by law, paid subscription fees are not refundable. A customer who disputes a valid card payment with their bank (a chargeback) instead of contacting us will be barred from the Service, and we may recover the disputed amount and related costs.",
      ],
    },
    {
      id: "payments",
      heading: "Payment processing",
      paragraphs: [
        "Payments are processed by third-party payment providers that comply with the Payment Card Industry Data Security Standard (PCI DSS). We never store full card numbers. Diners who pay for orders online pay through the same providers; the restaurant, not the Provider, is the seller of the food and drinks ordered.",
      ],
    },
    {
      id: "content",
      heading: "Content",
      paragraphs: [
        "You are responsible for the menus, prices, descriptions, pictures and other content you publish through the Service, including allergen and price accuracy. You keep all rights to your content and grant us a worldwide, non-exclusive, royalty-free licence to host, copy, display and adapt it as needed to provide the Service. We may remove content that breaks these terms or the law.",
      ],
    },
    {
      id: "accounts",
      heading: "Accounts",
      paragraphs: [
        "You must keep your account information accurate and up to date and keep your password confidential. You are responsible for all activity under your account and must tell us at once about any unauthorised use or security breach.",
      ],
    },
    {
      id: "ip",
      heading: "Intellectual property",
      paragraphs: [
        "The Service, its software, design, trademarks and documentation, excluding your content, are the exclusive property of the Provider and its licensors. These terms do not give you any right to use our trademarks or to copy, modify or reverse-engineer the Service.",
      ],
    },
    {
      id: "termination",
      heading: "Termination",
      paragraphs: [
        "We may suspend or end your account and access to the Service immediately, without prior notice or liability, for any reason, including if you breach these terms. You may stop using the Service and cancel your subscription at any time. Provisions that by their nature should survive termination, such as ownership, disclaimers and limitation of liability, will survive.",
      ],
    },
    {
      id: "disclaimer",
      heading: "Disclaimer",
      paragraphs: [
        'The Service is provided on an "as is" and "as available" basis, without warranties of any kind, express or implied, including merchantability, fitness for a particular purpose and non-infringement, to the extent permitted by law.',
      ],
    },
    {
      id: "liability",
      heading: "Limitation of liability",
      paragraphs: [
        "To the fullest extent permitted by law, the Provider and its employees, partners and suppliers are not liable for indirect, incidental, special or consequential damages, or for loss of profits, data or goodwill, arising from the use of or inability to use the Service. Our total liability for any claim is limited to the fees you paid us in the twelve months before the claim.",
      ],
    },
    {
      id: "law",
      heading: "Governing law",
      paragraphs: [
        "These terms are governed by the laws of the United Arab Emirates, as applied in the Emirate of Dubai. The courts of Dubai have exclusive jurisdiction over any dispute arising from them. If a provision is held invalid, the remaining provisions remain in effect.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to the terms",
      paragraphs: [
        "We may amend these terms at any time. If a change is material, we will try to give at least 30 days' notice before the new terms take effect. By continuing to use the Service after the changes take effect, you agree to the revised terms.",
      ],
    },
    {
      id: "contact",
      heading: "Contact us",
      paragraphs: ["Questions about these terms: Menu Technologies, Dubai, United Arab Emirates; e-mail hello@menu.example.com; phone +971 4 555 0100."],
    },
  ],
};

export default terms;
