// The stand-in's test CA (docs/zatca-stand-in.md): it reads a CSR as ZATCA does (its self-signature, the
// certificate template, the SAN's serial number, VAT number and invoice types) and issues an X.509
// certificate for the CSR's key, signed ECDSA-with-SHA256 on secp256k1 by a key derived from a fixed,
// public phrase: a certificate it issued proves nothing outside the demo and the tests.
import { sha256 } from "@noble/hashes/sha2.js";
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import { CertificationRequest } from "@peculiar/asn1-csr";
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  Certificate,
  Extension,
  Extensions,
  Name,
  RelativeDistinguishedName,
  SubjectAlternativeName,
  TBSCertificate,
  Validity,
  Version,
} from "@peculiar/asn1-x509";
import { fromBase64, toBase64, utf8 } from "../../zatca/bytes";
import { OID } from "../../zatca/csr";
import { ecdsaSign, ecdsaVerify } from "../../zatca/keys";

/** The CA's key: SHA-256 of a public phrase (a test CA, never a secret). */
const CA_KEY = sha256(utf8("Menu's ZATCA stand-in test CA: public, for the demo and the tests only"));

const dc = (value: string) =>
  new RelativeDistinguishedName([new AttributeTypeAndValue({ type: "0.9.2342.19200300.100.1.25", value: new AttributeValue({ ia5String: value }) })]);
/** Written most specific last, so read "CN=…, DC=stand-in, DC=local" as ZATCA's issuers are. */
const CA_NAME = new Name([
  dc("local"),
  dc("stand-in"),
  new RelativeDistinguishedName([new AttributeTypeAndValue({ type: OID.commonName, value: new AttributeValue({ utf8String: "ZATCA-Stand-In-CA" }) })]),
]);

/** What the stand-in needs of a CSR, or why ZATCA would refuse it. */
export interface ReadCsr {
  der: Uint8Array;
  /** The SAN's SN (1-…|2-…|3-…), UID (VAT number) and title (invoice types flags). */
  serial: string;
  vatNumber: string;
  invoiceTypes: string;
  template: string;
}

const nameValues = (name: Name) => new Map(name.flatMap((rdn) => rdn.map((a) => [a.type, a.value.toString()] as const)));

/** The CSR (base64 of its PEM, as the compliance call sends it), or a reason it is refused. */
export function readCsr(csr: string): ReadCsr | { refused: string } {
  try {
    const pem = new TextDecoder().decode(fromBase64(csr));
    const der = fromBase64(pem.replace(/-----(BEGIN|END) CERTIFICATE REQUEST-----/g, ""));
    const request = AsnConvert.parse(der, CertificationRequest);
    const info = request.certificationRequestInfo;
    const publicKey = new Uint8Array(info.subjectPKInfo.subjectPublicKey);
    if (!ecdsaVerify(new Uint8Array(request.signature), new Uint8Array(AsnConvert.serialize(info)), publicKey))
      return { refused: "the CSR's signature does not verify" };
    const requested = info.attributes.find((a) => a.type === OID.extensionRequest)?.values[0];
    const extensions = requested ? AsnConvert.parse(requested, Extensions) : new Extensions();
    const value = (id: string) => extensions.find((e) => e.extnID === id)?.extnValue.buffer;
    const templateDer = value(OID.templateName);
    const template = templateDer ? new TextDecoder().decode(new Uint8Array(templateDer).slice(2)) : "";
    const sanDer = value(OID.subjectAltName);
    const directory = sanDer ? AsnConvert.parse(sanDer, SubjectAlternativeName)[0]?.directoryName : undefined;
    const san = directory ? nameValues(directory) : new Map<string, string>();
    const read = { der, serial: san.get(OID.surname) ?? "", vatNumber: san.get(OID.uid) ?? "", invoiceTypes: san.get(OID.title) ?? "", template };
    if (!/^1-.+\|2-.+\|3-.+$/.test(read.serial)) return { refused: "the SAN's serial number must be 1-…|2-…|3-…" };
    if (!/^3\d{13}3$/.test(read.vatNumber)) return { refused: "the SAN's UID must be the VAT number" };
    if (!/^[01]{4}$/.test(read.invoiceTypes)) return { refused: "the SAN's title must be the invoice types" };
    return read;
  } catch {
    return { refused: "the CSR cannot be read" };
  }
}

/** A certificate for the CSR's key and subject, valid from now for `days`: its binarySecurityToken and expiry. */
export function issueCertificate(csr: ReadCsr, days: number, now: number): { binarySecurityToken: string; expiresAt: number } {
  const info = AsnConvert.parse(csr.der, CertificationRequest).certificationRequestInfo;
  const serial = crypto.getRandomValues(new Uint8Array(16));
  serial[0] = (serial[0]! & 0x3f) | 0x40;
  const expiresAt = now + days * 86_400_000;
  const requested = info.attributes.find((a) => a.type === OID.extensionRequest)?.values[0];
  const san = requested ? AsnConvert.parse(requested, Extensions).find((e) => e.extnID === OID.subjectAltName) : undefined;
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: serial.buffer,
    signature: new AlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 }),
    issuer: CA_NAME,
    validity: new Validity({ notBefore: new Date(Math.floor(now / 1000) * 1000), notAfter: new Date(Math.floor(expiresAt / 1000) * 1000) }),
    subject: info.subject,
    subjectPublicKeyInfo: info.subjectPKInfo,
    extensions: new Extensions([
      ...(san ? [san] : []),
      // keyUsage: digitalSignature (critical), as ZATCA's certificates carry.
      new Extension({ extnID: "2.5.29.15", critical: true, extnValue: new OctetString(Uint8Array.from([0x03, 0x02, 0x07, 0x80]).buffer) }),
    ]),
  });
  const signature = ecdsaSign(new Uint8Array(AsnConvert.serialize(tbs)), CA_KEY);
  const certificate = new Certificate({
    tbsCertificate: tbs,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 }),
    signatureValue: signature.slice().buffer,
  });
  const base64 = toBase64(new Uint8Array(AsnConvert.serialize(certificate)));
  return { binarySecurityToken: toBase64(utf8(base64)), expiresAt: Math.floor(expiresAt / 1000) * 1000 };
}
