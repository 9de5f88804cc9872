// The canonical form (W3C Canonical XML 1.1, without comments) of a parsed document, as ZATCA's SDK
// takes it before hashing an invoice: no XML declaration, namespace declarations only where they change,
// sorted, attributes sorted by namespace and local name, empty elements written as start and end tags,
// and text and attribute values escaped the canonical way. The whitespace between elements is kept.
import type { XmlElement } from "./xml";

const escapeText = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r/g, "&#xD;");

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;").replace(/\t/g, "&#x9;").replace(/\n/g, "&#xA;").replace(/\r/g, "&#xD;");

/** A qualified name's prefix ("" for none) and local part. */
export const splitName = (name: string): [string, string] => {
  const colon = name.indexOf(":");
  return colon === -1 ? ["", name] : [name.slice(0, colon), name.slice(colon + 1)];
};

/** The namespaces in scope on an element: its parent's, overridden by its own xmlns declarations. */
export const scopeOf = (element: XmlElement, parent: ReadonlyMap<string, string>): Map<string, string> => {
  const scope = new Map(parent);
  for (const [name, value] of element.attrs) {
    if (name === "xmlns") scope.set("", value);
    else if (name.startsWith("xmlns:")) scope.set(name.slice(6), value);
  }
  return scope;
};

const XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace";

const render = (element: XmlElement, rendered: ReadonlyMap<string, string>, out: string[]): void => {
  const scope = scopeOf(element, rendered);
  const declarations = [...scope]
    .filter(([prefix, uri]) => (rendered.get(prefix) ?? "") !== uri && element.attrs.some(([n]) => n === (prefix ? `xmlns:${prefix}` : "xmlns")))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([prefix, uri]) => ` ${prefix ? `xmlns:${prefix}` : "xmlns"}="${escapeAttribute(uri)}"`);
  const attributes = element.attrs
    .filter(([name]) => name !== "xmlns" && !name.startsWith("xmlns:"))
    .map(([name, value]) => {
      const [prefix, local] = splitName(name);
      const uri = prefix === "xml" ? XML_NAMESPACE : prefix ? (scope.get(prefix) ?? "") : "";
      return { key: [uri, local] as const, text: ` ${name}="${escapeAttribute(value)}"` };
    })
    .sort((a, b) => (a.key[0] !== b.key[0] ? (a.key[0] < b.key[0] ? -1 : 1) : a.key[1] < b.key[1] ? -1 : a.key[1] > b.key[1] ? 1 : 0))
    .map((a) => a.text);
  out.push(`<${element.name}${declarations.join("")}${attributes.join("")}>`);
  for (const child of element.children) {
    if (typeof child === "string") out.push(escapeText(child));
    else render(child, scope, out);
  }
  out.push(`</${element.name}>`);
};

/** The canonical text of the document whose root element is given. */
export const canonicalize = (root: XmlElement): string => {
  const out: string[] = [];
  render(root, new Map(), out);
  return out.join("");
};
