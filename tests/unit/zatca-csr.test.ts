// The CSR for ZATCA's compliance CSID (worker/zatca/csr.ts, keys.ts): it parses back with the subject and
// extensions ZATCA requires (checked against its SDK's CSR configuration: C, OU, O, CN; the template name
// per environment; SN, UID, title, registeredAddress, businessCategory), and its signature verifies with
// the key pair's public key.
import { AsnConvert } from "@peculiar/asn1-schema";
import { CertificationRequest, CertificationRequestInfo } from "@peculiar/asn1-csr";
import { Extensions, SubjectAlternativeName, SubjectPublicKeyInfo } from "@peculiar/asn1-x509";
import { describe, expect, it } from "vitest";
import { fromBase64 } from "../../worker/zatca/bytes";
import { csrDer, OID, zatcaCsr, type CsrInput } from "../../worker/zatca/csr";
import { ecdsaVerify, generateKeyPair } from "../../worker/zatca/keys";

const input: CsrInput = {
  environment: "simulation",
  commonName: "TST-886431145-399999999900003",
  organization: "مطعم النخيل",
  branch: "فرع الرياض",
  egs: { solution: "Menu", model: "2026.11", serial: "ed22f1d8-e6a2-1118-9b58-d9a8f11e445f" },
  vatNumber: "399999999900003",
  invoiceTypes: "1100",
  address: "RRRD2929",
  businessCategory: "Restaurants",
};

const names = (rdns: Iterable<Iterable<{ type: string; value: { toString(): string } }>>) =>
  [...rdns].flatMap((rdn) => [...rdn].map((a) => [a.type, a.value.toString()]));

describe("the CSR for ZATCA's compliance CSID", () => {
  const { privateKey, publicKey } = generateKeyPair();
  const pem = new TextDecoder().decode(fromBase64(zatcaCsr(input, privateKey)));
  const request = AsnConvert.parse(fromBase64(pem.replace(/-----[A-Z ]+-----/g, "")), CertificationRequest);
  const info = request.certificationRequestInfo;

  it("is base64 of a PEM certificate request", () => {
    expect(pem).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----\n([A-Za-z0-9+/=]{1,64}\n)+-----END CERTIFICATE REQUEST-----\n$/);
  });

  it("names the subject C, OU (branch), O (taxpayer) and CN (the EGS) in that order", () => {
    expect(names(info.subject)).toEqual([
      [OID.country, "SA"],
      [OID.organizationUnit, "فرع الرياض"],
      [OID.organization, "مطعم النخيل"],
      [OID.commonName, "TST-886431145-399999999900003"],
    ]);
  });

  it("requests the environment's template name and the EGS's directory name", () => {
    const [attribute] = info.attributes;
    expect(attribute.type).toBe(OID.extensionRequest);
    const extensions = AsnConvert.parse(attribute.values[0], Extensions);
    const template = extensions.find((e) => e.extnID === OID.templateName)!;
    expect(new Uint8Array(template.extnValue.buffer)).toEqual(Uint8Array.from([0x13, 21, ...new TextEncoder().encode("PREZATCA-Code-Signing")]));
    const san = AsnConvert.parse(extensions.find((e) => e.extnID === OID.subjectAltName)!.extnValue.buffer, SubjectAlternativeName);
    expect(names(san[0].directoryName!)).toEqual([
      [OID.surname, "1-Menu|2-2026.11|3-ed22f1d8-e6a2-1118-9b58-d9a8f11e445f"],
      [OID.uid, "399999999900003"],
      [OID.title, "1100"],
      [OID.registeredAddress, "RRRD2929"],
      [OID.businessCategory, "Restaurants"],
    ]);
  });

  it("carries the key pair's public key and a signature that verifies with it", () => {
    expect(new Uint8Array(info.subjectPKInfo.subjectPublicKey)).toEqual(publicKey);
    expect(AsnConvert.serialize(info.subjectPKInfo)).toEqual(
      AsnConvert.serialize(AsnConvert.parse(AsnConvert.serialize(info.subjectPKInfo), SubjectPublicKeyInfo)),
    );
    expect(request.signatureAlgorithm.algorithm).toBe(OID.ecdsaWithSha256);
    const signed = new Uint8Array(AsnConvert.serialize(AsnConvert.parse(AsnConvert.serialize(info), CertificationRequestInfo)));
    expect(ecdsaVerify(new Uint8Array(request.signature), signed, publicKey)).toBe(true);
    expect(ecdsaVerify(new Uint8Array(request.signature), signed, generateKeyPair().publicKey)).toBe(false);
  });

  it("names each environment's template and refuses what ZATCA refuses", () => {
    const template = (environment: CsrInput["environment"]) => {
      const der = csrDer({ ...input, environment }, privateKey);
      const [attribute] = AsnConvert.parse(der, CertificationRequest).certificationRequestInfo.attributes;
      const value = AsnConvert.parse(attribute.values[0], Extensions).find((e) => e.extnID === OID.templateName)!.extnValue.buffer;
      return new TextDecoder().decode(new Uint8Array(value).slice(2));
    };
    expect([template("developer"), template("simulation"), template("production")]).toEqual([
      "TSTZATCA-Code-Signing",
      "PREZATCA-Code-Signing",
      "ZATCA-Code-Signing",
    ]);
    expect(() => zatcaCsr({ ...input, vatNumber: "123" }, privateKey)).toThrow(/VAT number/);
    expect(() => zatcaCsr({ ...input, invoiceTypes: "11" }, privateKey)).toThrow(/invoiceTypes/);
  });
});
