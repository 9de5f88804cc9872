// Phone numbers in the browser's code: the site's own numbers in tel: links. Reading a number someone
// typed (which needs the numbering plans) is the server's alone: worker/rules/e164.ts, kept off the
// diner's first load; its digits in any script: worker/rules/digits.ts.

/** A tel: link for a number written in full ("+971 4 123 4567" → "tel:+97141234567"): the site's own numbers. */
export const telHref = (number: string) => `tel:${number.replace(/[^\d+]/g, "")}`;
