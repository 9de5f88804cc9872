// The repeated parts of a ZATCA UBL 2.1 document: a party with its national address, a tax category, an
// invoice line. ubl.ts puts them in the order the UBL Invoice schema wants.
import { percent, sar, type TaxSubtotal } from "./amounts";
import type { ZatcaAddress, ZatcaLine, ZatcaTax } from "./document";
import { branch, leaf, money } from "./xml-write";

const address = (a: ZatcaAddress): string =>
  branch("cac:PostalAddress", [
    leaf("cbc:StreetName", a.street),
    leaf("cbc:BuildingNumber", a.building),
    leaf("cbc:CitySubdivisionName", a.district),
    leaf("cbc:CityName", a.city),
    leaf("cbc:PostalZone", a.postalCode),
    branch("cac:Country", [leaf("cbc:IdentificationCode", a.country ?? "SA")]),
  ]);

/** A party: CRN (seller), address, VAT number, registration name. */
export const party = (p: { name: string; vatNumber?: string; crn?: string; address?: ZatcaAddress }): string =>
  branch("cac:Party", [
    p.crn !== undefined && branch("cac:PartyIdentification", [leaf("cbc:ID", p.crn, { schemeID: "CRN" })]),
    p.address && address(p.address),
    p.vatNumber !== undefined && branch("cac:PartyTaxScheme", [leaf("cbc:CompanyID", p.vatNumber), branch("cac:TaxScheme", [leaf("cbc:ID", "VAT")])]),
    branch("cac:PartyLegalEntity", [leaf("cbc:RegistrationName", p.name)]),
  ]);

/** A document-level tax category (cac:TaxCategory), with the exemption reason of a Z, E or O category. */
export const taxCategory = (tax: ZatcaTax): string =>
  branch("cac:TaxCategory", [
    leaf("cbc:ID", tax.category, { schemeID: "UN/ECE 5305", schemeAgencyID: "6" }),
    leaf("cbc:Percent", percent(tax.vatBp)),
    tax.exemption && leaf("cbc:TaxExemptionReasonCode", tax.exemption.code),
    tax.exemption && leaf("cbc:TaxExemptionReason", tax.exemption.reason),
    branch("cac:TaxScheme", [leaf("cbc:ID", "VAT", { schemeID: "UN/ECE 5153", schemeAgencyID: "6" })]),
  ]);

export const taxSubtotal = (s: TaxSubtotal): string =>
  branch("cac:TaxSubtotal", [money("cbc:TaxableAmount", sar(s.taxable)), money("cbc:TaxAmount", sar(s.vat)), taxCategory(s)]);

/** An invoice line with its discount, its VAT and rounding amount (KSA-11, KSA-12), item and net price. */
export const invoiceLine = (id: number, line: ZatcaLine, amounts: { net: number; vat: number }): string =>
  branch("cac:InvoiceLine", [
    leaf("cbc:ID", String(id)),
    leaf("cbc:InvoicedQuantity", String(line.quantity), { unitCode: "PCE" }),
    money("cbc:LineExtensionAmount", sar(amounts.net)),
    Boolean(line.discount) &&
      branch("cac:AllowanceCharge", [
        leaf("cbc:ChargeIndicator", "false"),
        leaf("cbc:AllowanceChargeReason", "discount"),
        money("cbc:Amount", sar(line.discount ?? 0)),
      ]),
    branch("cac:TaxTotal", [money("cbc:TaxAmount", sar(amounts.vat)), money("cbc:RoundingAmount", sar(amounts.net + amounts.vat))]),
    branch("cac:Item", [
      leaf("cbc:Name", line.name),
      branch("cac:ClassifiedTaxCategory", [
        leaf("cbc:ID", line.category),
        leaf("cbc:Percent", percent(line.vatBp)),
        branch("cac:TaxScheme", [leaf("cbc:ID", "VAT")]),
      ]),
    ]),
    branch("cac:Price", [money("cbc:PriceAmount", sar(line.unitPrice))]),
  ]);
