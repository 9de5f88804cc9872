// The PKCS#10 certificate signing request ZATCA's compliance-CSID call takes ({"csr": base64 of the PEM}),
// as its SDK builds it: subject C, OU (the branch), O (the taxpayer), CN (the EGS's common name); an
// extension request with the certificate template name (a PrintableString: TSTZATCA-Code-Signing on the
// developer portal, PREZATCA-Code-Signing in simulation, ZATCA-Code-Signing in production) and a
// subjectAltName directoryName with SN "1-solution|2-model|3-serial", UID the VAT number, title the
// invoice types (TSCZ, e.g. "1100"), registeredAddress and businessCategory; signed ECDSA-with-SHA256.
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import { Attributes, CertificationRequest, CertificationRequestInfo } from "@peculiar/asn1-csr";
import {
  AlgorithmIdentifier,
  Attribute,
  AttributeTypeAndValue,
  AttributeValue,
  Extension,
  Extensions,
  GeneralName,
  Name,
  RelativeDistinguishedName,
  SubjectAlternativeName,
  SubjectPublicKeyInfo,
} from "@peculiar/asn1-x509";
import { toBase64 } from "./bytes";
import { ecdsaSign, publicKeyOf, spkiOf } from "./keys";

/** ZATCA's environments and the certificate template each one's CSR must name. */
const CSR_TEMPLATES = { developer: "TSTZATCA-Code-Signing", simulation: "PREZATCA-Code-Signing", production: "ZATCA-Code-Signing" } as const;

export const OID = {
  templateName: "1.3.6.1.4.1.311.20.2",
  subjectAltName: "2.5.29.17",
  extensionRequest: "1.2.840.113549.1.9.14",
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
  country: "2.5.4.6",
  organizationUnit: "2.5.4.11",
  organization: "2.5.4.10",
  commonName: "2.5.4.3",
  surname: "2.5.4.4",
  uid: "0.9.2342.19200300.100.1.1",
  title: "2.5.4.12",
  registeredAddress: "2.5.4.26",
  businessCategory: "2.5.4.15",
} as const;

export interface CsrInput {
  environment: keyof typeof CSR_TEMPLATES;
  /** The EGS's common name (CN). */
  commonName: string;
  /** The taxpayer's name (O) and the branch's (OU). */
  organization: string;
  branch: string;
  /** The EGS's serial number parts: solution name, model or version, serial. */
  egs: { solution: string; model: string; serial: string };
  vatNumber: string;
  /** Which documents the EGS issues, ZATCA's TSCZ flags: "1000" standard, "0100" simplified, "1100" both. */
  invoiceTypes: string;
  address: string;
  businessCategory: string;
}

const rdn = (type: string, value: AttributeValue) => new RelativeDistinguishedName([new AttributeTypeAndValue({ type, value })]);
const utf8Value = (text: string) => new AttributeValue({ utf8String: text });

/** A PrintableString's DER, for the template name (ZATCA's SDK writes it so). Throws on text it cannot carry. */
const printableString = (text: string): ArrayBuffer => {
  if (!/^[A-Za-z0-9 '()+,\-./:=?]{1,127}$/.test(text)) throw new RangeError(`not a PrintableString: ${text}`);
  return Uint8Array.from([0x13, text.length, ...new TextEncoder().encode(text)]).buffer;
};

/** The CSR's DER, signed with the private key (raw 32 bytes). Throws a RangeError on an input ZATCA refuses. */
export const csrDer = (input: CsrInput, privateKey: Uint8Array): Uint8Array => {
  if (!/^3\d{13}3$/.test(input.vatNumber)) throw new RangeError("the VAT number must be 15 digits starting and ending with 3");
  if (!/^[01]{4}$/.test(input.invoiceTypes) || !/1/.test(input.invoiceTypes.slice(0, 2)))
    throw new RangeError('invoiceTypes must be four 0/1 flags such as "1100"');
  const subject = new Name([
    rdn(OID.country, new AttributeValue({ printableString: "SA" })),
    rdn(OID.organizationUnit, utf8Value(input.branch)),
    rdn(OID.organization, utf8Value(input.organization)),
    rdn(OID.commonName, utf8Value(input.commonName)),
  ]);
  const directory = new Name([
    rdn(OID.surname, utf8Value(`1-${input.egs.solution}|2-${input.egs.model}|3-${input.egs.serial}`)),
    rdn(OID.uid, utf8Value(input.vatNumber)),
    rdn(OID.title, utf8Value(input.invoiceTypes)),
    rdn(OID.registeredAddress, utf8Value(input.address)),
    rdn(OID.businessCategory, utf8Value(input.businessCategory)),
  ]);
  const extensions = new Extensions([
    new Extension({ extnID: OID.templateName, critical: false, extnValue: new OctetString(printableString(CSR_TEMPLATES[input.environment])) }),
    new Extension({
      extnID: OID.subjectAltName,
      critical: false,
      extnValue: new OctetString(AsnConvert.serialize(new SubjectAlternativeName([new GeneralName({ directoryName: directory })]))),
    }),
  ]);
  const info = new CertificationRequestInfo({
    version: 0,
    subject,
    subjectPKInfo: AsnConvert.parse(spkiOf(publicKeyOf(privateKey)), SubjectPublicKeyInfo),
    attributes: new Attributes([new Attribute({ type: OID.extensionRequest, values: [AsnConvert.serialize(extensions)] })]),
  });
  const signature = ecdsaSign(new Uint8Array(AsnConvert.serialize(info)), privateKey);
  const request = new CertificationRequest({
    certificationRequestInfo: info,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 }),
    signature: signature.slice().buffer,
  });
  return new Uint8Array(AsnConvert.serialize(request));
};

/** The CSR as ZATCA's compliance-CSID call takes it: base64 of its PEM. */
export const zatcaCsr = (input: CsrInput, privateKey: Uint8Array): string => {
  const body = toBase64(csrDer(input, privateKey))
    .match(/.{1,64}/g)!
    .join("\n");
  return toBase64(new TextEncoder().encode(`-----BEGIN CERTIFICATE REQUEST-----\n${body}\n-----END CERTIFICATE REQUEST-----\n`));
};
