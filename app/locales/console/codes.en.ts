// The table QR codes' strings (/console/branches/:id/codes and its printable sheet), English.
const codes = {
  link: "Table QR codes",
  title: "Table QR codes",
  intro: "Each table gets a code that opens this branch's menu with the table filled in. Print them on A4, cut them out and put one on each table.",
  from: "From table",
  to: "To table",
  per: "Codes per A4 page",
  perOption: "{{count}} per page",
  limit: "Up to {{limit}} codes per sheet, tables 1 to {{max}}.",
  show: "Show",
  preview: "Preview of table {{table}}",
  count: "{{count}} codes on the sheet",
  openSheet: "Open the printable sheet",
  download: "Download PDF",
  pdfNote: "From the printable sheet, the PDF has your logo and the Arabic labels; this link gives the English labels only.",
  building: "Preparing the PDF…",
  pdfFallback: "The PDF could not be made here; the English one is downloading instead.",
  print: "Print",
  back: "Back to the codes",
  backToBranches: "Back to branches",
  table: "Table {{table}}",
  problems: {
    from: "“From table” must be a whole number from 1 to {{max}}.",
    to: "“To table” must be a whole number from 1 to {{max}}.",
    per: "Choose 1, 4, 6 or 12 codes per page.",
    order: "“To table” must not be lower than “From table”.",
    tooMany: "At most {{limit}} codes per sheet: choose a shorter range.",
  },
};

export default codes;
