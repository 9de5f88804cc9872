// ZATCA Phase-2 documents in the console (the tax screen's list, the home's notice; docs/decisions/0073), English.
const einvoices = {
  states: {
    unsigned: "Waiting to be signed",
    pending: "Reporting…",
    reported: "Reported",
    warnings: "Reported with warnings",
    rejected: "Rejected",
    cleared: "Cleared",
    clearance_failed: "Not cleared",
  },
  standard: "Standard (B2B)",
  xml: "XML",
  xmlOf: "Download the XML of document {{number}}",
  phase1: "Phase 1",
  notice: {
    rejected: "ZATCA rejected {{count}} of your e-invoices: open Tax & invoices to see its messages, then correct the next ones.",
    notCleared: "ZATCA did not clear {{count}} B2B invoice request(s): those diners kept the simplified invoice.",
    late: "{{count}} e-invoice(s) are still not reported to ZATCA after 24 hours: we keep trying; check the branch's onboarding.",
    noAddress: "Your e-invoices do not name your commercial registration number and national address, which ZATCA requires: add them on Tax & invoices.",
    open: "Open Tax & invoices",
  },
};
export default einvoices;
