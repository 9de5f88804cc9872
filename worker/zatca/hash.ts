// The invoice hash exactly as ZATCA computes it (Security Features Implementation Standards; the SDK's
// signed samples are the known answers, tests/unit/zatca-hash.test.ts): the document without its
// UBLExtensions, its cac:Signature and the QR's AdditionalDocumentReference (the three XPath transforms
// of the signature's first reference), in Canonical XML 1.1, SHA-256, base64 of the 32 bytes. The
// same hash is the next document's PIH and the QR's tag 6.
import { sha256 } from "@noble/hashes/sha2.js";
import { toBase64, utf8 } from "./bytes";
import { canonicalize, scopeOf, splitName } from "./c14n";
import { NS } from "./namespaces";
import { parseXml, textOf, type XmlElement } from "./xml";

/** Whether an element is `uri`'s `local` in the namespaces in scope. */
const is = (element: XmlElement, scope: ReadonlyMap<string, string>, uri: string, local: string): boolean => {
  const [prefix, name] = splitName(element.name);
  return name === local && scope.get(prefix) === uri;
};

/** Whether an element is the QR's AdditionalDocumentReference (a cbc:ID child reading "QR"). */
const isQrReference = (element: XmlElement, scope: ReadonlyMap<string, string>): boolean =>
  is(element, scope, NS.cac, "AdditionalDocumentReference") &&
  element.children.some((c) => typeof c !== "string" && is(c, scopeOf(c, scope), NS.cbc, "ID") && textOf(c) === "QR");

/** A copy of the tree without the signature's three excluded parts, wherever they sit. */
const withoutExcluded = (element: XmlElement, parentScope: ReadonlyMap<string, string>): XmlElement => {
  const scope = scopeOf(element, parentScope);
  const children = element.children.flatMap((child): (XmlElement | string)[] => {
    if (typeof child === "string") return [child];
    const childScope = scopeOf(child, scope);
    if (is(child, childScope, NS.ext, "UBLExtensions") || is(child, childScope, NS.cac, "Signature") || isQrReference(child, childScope)) return [];
    return [withoutExcluded(child, scope)];
  });
  return { ...element, children };
};

/** The canonical text the invoice hash is taken over. */
export const hashedText = (xml: string): string => canonicalize(withoutExcluded(parseXml(xml).root, new Map()));

/** The invoice hash of a document: base64 of SHA-256 over hashedText. */
export const invoiceHash = (xml: string): string => toBase64(sha256(utf8(hashedText(xml))));
