// The XAdES block ZATCA's signed documents carry in ext:UBLExtensions, laid out as the SDK's samples are,
// and the digest of its SignedProperties. That digest is ZATCA's own (found against all five signed SDK
// samples, tests/unit/zatca-hash.test.ts): SHA-256 over the SignedProperties element's text exactly as the
// document writes it, with xmlns:xades declared on it and xmlns:ds on each ds: element (as a DOM
// serializer writes the element alone), empty elements left as they are; base64 of its hex.
import { hexDigest } from "./certificate";
import { NS } from "./namespaces";
import { branch, leaf } from "./xml-write";

const SHA256 = "http://www.w3.org/2001/04/xmlenc#sha256";
const XPATH = "http://www.w3.org/TR/1999/REC-xpath-19991116";
const C14N11 = "http://www.w3.org/2006/12/xml-c14n11";

/** The SignedProperties element: signing time, certificate digest, issuer and serial. */
export const signedProperties = (p: { signingTime: string; certDigest: string; issuerName: string; serialNumber: string }): string =>
  branch(
    "xades:SignedProperties",
    [
      branch("xades:SignedSignatureProperties", [
        leaf("xades:SigningTime", p.signingTime),
        branch("xades:SigningCertificate", [
          branch("xades:Cert", [
            branch("xades:CertDigest", [`<ds:DigestMethod Algorithm="${SHA256}"/>`, leaf("ds:DigestValue", p.certDigest)]),
            branch("xades:IssuerSerial", [leaf("ds:X509IssuerName", p.issuerName), leaf("ds:X509SerialNumber", p.serialNumber)]),
          ]),
        ]),
      ]),
    ],
    { Id: "xadesSignedProperties" },
  );

/** ZATCA's digest of a SignedProperties element's text as the document carries it (see the file's head). */
export const signedPropertiesDigest = (text: string): string =>
  hexDigest(
    text.replace("<xades:SignedProperties", `<xades:SignedProperties xmlns:xades="${NS.xades}"`).replace(/<ds:([A-Za-z0-9]+)/g, `<ds:$1 xmlns:ds="${NS.ds}"`),
  );

const transform = (xpath: string) => branch("ds:Transform", [leaf("ds:XPath", xpath)], { Algorithm: XPATH });

/** The whole ext:UBLExtensions element; `properties` is signedProperties' text, re-indented in place. */
export const ublExtensions = (p: { hash: string; propertiesDigest: string; signature: string; certificate: string; properties: string }): string =>
  branch("ext:UBLExtensions", [
    branch("ext:UBLExtension", [
      leaf("ext:ExtensionURI", "urn:oasis:names:specification:ubl:dsig:enveloped:xades"),
      branch("ext:ExtensionContent", [
        branch(
          "sig:UBLDocumentSignatures",
          [
            branch("sac:SignatureInformation", [
              leaf("cbc:ID", "urn:oasis:names:specification:ubl:signature:1"),
              leaf("sbc:ReferencedSignatureID", "urn:oasis:names:specification:ubl:signature:Invoice"),
              branch(
                "ds:Signature",
                [
                  branch("ds:SignedInfo", [
                    `<ds:CanonicalizationMethod Algorithm="${C14N11}"/>`,
                    `<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256"/>`,
                    branch(
                      "ds:Reference",
                      [
                        branch("ds:Transforms", [
                          transform("not(//ancestor-or-self::ext:UBLExtensions)"),
                          transform("not(//ancestor-or-self::cac:Signature)"),
                          transform("not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])"),
                          `<ds:Transform Algorithm="${C14N11}"/>`,
                        ]),
                        `<ds:DigestMethod Algorithm="${SHA256}"/>`,
                        leaf("ds:DigestValue", p.hash),
                      ],
                      { Id: "invoiceSignedData", URI: "" },
                    ),
                    branch("ds:Reference", [`<ds:DigestMethod Algorithm="${SHA256}"/>`, leaf("ds:DigestValue", p.propertiesDigest)], {
                      Type: "http://www.w3.org/2000/09/xmldsig#SignatureProperties",
                      URI: "#xadesSignedProperties",
                    }),
                  ]),
                  leaf("ds:SignatureValue", p.signature),
                  branch("ds:KeyInfo", [branch("ds:X509Data", [leaf("ds:X509Certificate", p.certificate)])]),
                  branch("ds:Object", [branch("xades:QualifyingProperties", [p.properties], { "xmlns:xades": NS.xades, Target: "signature" })]),
                ],
                { "xmlns:ds": NS.ds, Id: "signature" },
              ),
            ]),
          ],
          { "xmlns:sig": NS.sig, "xmlns:sac": NS.sac, "xmlns:sbc": NS.sbc },
        ),
      ]),
    ]),
  ]);
