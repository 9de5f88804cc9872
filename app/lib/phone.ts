// Phone numbers in the browser's code: the site's own numbers in tel: links and Arabic-Indic digits
// as ASCII. Reading a number someone typed (which needs the numbering plans) is the server's alone:
// worker/rules/e164.ts, kept off the diner's first load.

/** A tel: link for a number written in full ("+971 4 123 4567" → "tel:+97141234567"): the site's own numbers. */
export const telHref = (number: string) => `tel:${number.replace(/[^\d+]/g, "")}`;

const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** Arabic-Indic digits (a phone keyboard in Arabic) as ASCII digits; everything else as it is. */
export const asciiDigits = (input: string) => input.replace(ARABIC_INDIC, (d) => String(d.charCodeAt(0) & 0xf));
