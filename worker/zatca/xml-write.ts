// Writing XML text for the ZATCA documents: escaping (Arabic passes through as UTF-8; `&`, `<`, `>` and
// quotes are escaped) and indented elements, four spaces a level as ZATCA's samples are laid out.

/** Text or an attribute value escaped for XML. Control characters XML 1.0 cannot carry are refused. */
const escapeXml = (text: string): string => {
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(text)) throw new RangeError("XML text cannot carry control characters");
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
};

type Attributes = Record<string, string | undefined>;

const attributes = (attrs: Attributes = {}): string =>
  Object.entries(attrs)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join("");

/** A leaf element on one line: `<name attrs>text</name>`. */
export const leaf = (name: string, text: string, attrs?: Attributes): string => `<${name}${attributes(attrs)}>${escapeXml(text)}</${name}>`;

/** An element whose children (already written, one or more lines each) are indented one level. */
export const branch = (name: string, children: (string | false | undefined)[], attrs?: Attributes): string => {
  const inner = children.filter((c): c is string => Boolean(c)).map((c) => c.replace(/^/gm, "    "));
  return [`<${name}${attributes(attrs)}>`, ...inner, `</${name}>`].join("\n");
};

/** An amount element in SAR. */
export const money = (name: string, value: string): string => leaf(name, value, { currencyID: "SAR" });
