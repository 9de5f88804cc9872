// What a ZATCA-issued certificate gives a signed document (binarySecurityToken → ds:X509Certificate,
// xades:CertDigest, xades:IssuerSerial, the QR's tags 8 and 9). ZATCA's formats, checked against the SDK's
// signed samples: the certificate is carried as the base64 text of its DER (binarySecurityToken is base64
// of that text); the digest is SHA-256 over that base64 TEXT, written as base64 of its lower-case hex; the
// issuer is written most specific first ("CN=…, DC=extgazt, DC=gov, DC=local"); the serial in decimal.
import { AsnConvert } from "@peculiar/asn1-schema";
import { Certificate } from "@peculiar/asn1-x509";
import { sha256 } from "@noble/hashes/sha2.js";
import { fromBase64, toBase64, toHex, utf8 } from "./bytes";

/** Short names of the attribute types an issuer name may carry (RFC 4514 and the DC/UID of RFC 4519). */
const SHORT_NAMES: Record<string, string> = {
  "2.5.4.3": "CN",
  "2.5.4.6": "C",
  "2.5.4.7": "L",
  "2.5.4.8": "ST",
  "2.5.4.10": "O",
  "2.5.4.11": "OU",
  "0.9.2342.19200300.100.1.25": "DC",
  "0.9.2342.19200300.100.1.1": "UID",
  "1.2.840.113549.1.9.1": "E",
};

/** A parsed certificate, in the forms the signature and the QR want. */
export interface ZatcaCertificate {
  /** The certificate's base64 DER on one line, as ds:X509Certificate carries it. */
  base64: string;
  /** SubjectPublicKeyInfo DER (the QR's tag 8). */
  publicKeySpki: Uint8Array;
  /** The uncompressed secp256k1 point (65 bytes, 04‖x‖y) for verifying. */
  publicKey: Uint8Array;
  /** The issuing CA's signature over the certificate, DER (the QR's tag 9). */
  signature: Uint8Array;
  issuerName: string;
  serialNumber: string;
  /** base64(hex(SHA-256(base64 text))), xades:CertDigest's DigestValue. */
  digest: string;
  notAfter: Date;
}

/**
 * Reads a certificate given as base64 DER (ds:X509Certificate, the SDK's cert.pem) or as ZATCA's
 * binarySecurityToken (base64 of that base64 text), with or without PEM armour. Throws on what is no
 * certificate.
 */
export const readCertificate = (text: string): ZatcaCertificate => {
  let body = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, "");
  if (body.startsWith("TUlJ")) body = new TextDecoder().decode(fromBase64(body)).replace(/\s+/g, "");
  const der = fromBase64(body);
  const certificate = AsnConvert.parse(der, Certificate);
  const tbs = certificate.tbsCertificate;
  const publicKey = new Uint8Array(tbs.subjectPublicKeyInfo.subjectPublicKey);
  const issuerName = [...tbs.issuer]
    .reverse()
    .map((rdn) => rdn.map((a) => `${SHORT_NAMES[a.type] ?? a.type}=${a.value.toString()}`).join("+"))
    .join(", ");
  return {
    base64: body,
    publicKeySpki: new Uint8Array(AsnConvert.serialize(tbs.subjectPublicKeyInfo)),
    publicKey,
    signature: new Uint8Array(certificate.signatureValue),
    issuerName,
    serialNumber: BigInt(`0x${toHex(new Uint8Array(tbs.serialNumber)) || "0"}`).toString(10),
    digest: hexDigest(body),
    notAfter: tbs.validity.notAfter.getTime(),
  };
};

/** base64 of the lower-case hex of SHA-256 over text's UTF-8: ZATCA's form for the certificate and signed-properties digests. */
export const hexDigest = (text: string): string => toBase64(utf8(toHex(sha256(utf8(text)))));
