// A small XML reader for ZATCA documents, enough for the canonical form their hash is taken over and
// for reading a document back (verify.ts): elements, attributes, text, CDATA and character references,
// with each element's place in the source kept. Comments and processing instructions are dropped
// (C14N "without comments" drops them too); a DOCTYPE is refused, so no entity can expand.

/** An element: its qualified name, attributes in source order (values decoded), children, source span. */
export interface XmlElement {
  name: string;
  attrs: [string, string][];
  children: (XmlElement | string)[];
  /** Offsets of the element's first and one-past-last character in the (line-end normalized) source. */
  start: number;
  end: number;
}

const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** Text with its entity and character references replaced. Throws on an unknown entity. */
const decode = (raw: string): string =>
  raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (_, ref: string) => {
    if (ref.startsWith("#x")) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith("#")) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    const named = NAMED[ref];
    if (named === undefined) throw new SyntaxError(`unknown XML entity &${ref};`);
    return named;
  });

const ATTRIBUTE = /\s+([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The offset of the `>` that ends the tag opening at `at` (a `>` inside a quoted value does not count). */
const tagEnd = (text: string, at: number): number => {
  let quote = "";
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i];
    if (quote) quote = c === quote ? "" : quote;
    else if (c === '"' || c === "'") quote = c;
    else if (c === ">") return i;
  }
  throw new SyntaxError(`unclosed tag at ${at}`);
};

/** Parses a document; its source is line-end normalized first (\r\n and \r become \n, as XML 1.0 says). */
export const parseXml = (source: string): { root: XmlElement; text: string } => {
  const text = source.replace(/\r\n?/g, "\n");
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let at = 0;
  const append = (node: XmlElement | string) => {
    const parent = stack.at(-1);
    if (parent) parent.children.push(node);
    else if (typeof node === "string" ? node.trim() : root) throw new SyntaxError("content outside the root element");
  };
  while (at < text.length) {
    const lt = text.indexOf("<", at);
    if (lt !== at) {
      const end = lt === -1 ? text.length : lt;
      append(decode(text.slice(at, end)));
      at = end;
      continue;
    }
    const skip = (open: string, close: string): boolean => {
      if (!text.startsWith(open, at)) return false;
      const end = text.indexOf(close, at);
      if (end === -1) throw new SyntaxError(`unclosed ${open}`);
      at = end + close.length;
      return true;
    };
    if (text.startsWith("<![CDATA[", at)) {
      const end = text.indexOf("]]>", at);
      if (end === -1) throw new SyntaxError("unclosed CDATA");
      append(text.slice(at + 9, end));
      at = end + 3;
    } else if (text.startsWith("<!DOCTYPE", at)) throw new SyntaxError("a DOCTYPE is not accepted");
    else if (skip("<!--", "-->") || skip("<?", "?>")) continue;
    else if (text.startsWith("</", at)) {
      const close = text.indexOf(">", at);
      const name = text.slice(at + 2, close).trim();
      const open = stack.pop();
      if (!open || open.name !== name) throw new SyntaxError(`</${name}> closes ${open ? `<${open.name}>` : "nothing"}`);
      open.end = close + 1;
      at = close + 1;
    } else {
      const close = tagEnd(text, at);
      const body = text.slice(at + 1, close);
      const selfClosing = body.endsWith("/");
      const name = /^[^\s/>]+/.exec(body)?.[0];
      if (!name) throw new SyntaxError(`bad tag at ${at}`);
      const element: XmlElement = { name, attrs: [], children: [], start: at, end: -1 };
      const rest = body.slice(name.length, selfClosing ? -1 : undefined);
      for (const m of rest.matchAll(ATTRIBUTE)) element.attrs.push([m[1], decode((m[2] ?? m[3]).replace(/[\t\n\r]/g, " "))]);
      if (rest.replace(ATTRIBUTE, "").trim()) throw new SyntaxError(`bad attributes in <${name}> at ${at}`);
      append(element);
      if (!root && stack.length === 0) root = element;
      at = close + 1;
      if (selfClosing) element.end = at;
      else stack.push(element);
    }
  }
  if (stack.length || !root) throw new SyntaxError(stack.length ? `<${stack.at(-1)!.name}> is not closed` : "no root element");
  return { root, text };
};

/** The element's own text (its text children joined). */
export const textOf = (element: XmlElement | undefined): string => (element ? element.children.filter((c) => typeof c === "string").join("") : "");

/** The element's child elements named `name` (a qualified name such as "cbc:ID"). */
export const childrenNamed = (element: XmlElement | undefined, name: string): XmlElement[] =>
  (element?.children ?? []).filter((c): c is XmlElement => typeof c !== "string" && c.name === name);

/** The first element found by a path of qualified names from `element` (each step one child level down). */
export const find = (element: XmlElement | undefined, ...path: string[]): XmlElement | undefined =>
  path.reduce<XmlElement | undefined>((at, step) => childrenNamed(at, step)[0], element);
