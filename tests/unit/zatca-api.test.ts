// The ZATCA client (worker/providers/zatca-api.ts) reads each of ZATCA's answers into one result: an
// accepted report, one with warnings (202), a rejection (400) with validationResults or with `errors`, a
// refused OTP, 401, 500, no answer at all; and it sends ZATCA's headers, Basic auth and base64 body.
import { describe, expect, it } from "vitest";
import { zatcaApi, zatcaResult } from "../../worker/providers/zatca-api";

const message = (type: string, code: string, text: string) => ({ type, code, category: "KSA", message: text, status: type === "ERROR" ? "ERROR" : type });
const pass = { infoMessages: [message("INFO", "XSD_ZATCA_VALID", "Complied")], warningMessages: [], errorMessages: [], status: "PASS" };

describe("ZATCA's answers as results", () => {
  it("reads an accepted report", () => {
    const r = zatcaResult(200, { validationResults: pass, reportingStatus: "REPORTED" });
    expect(r).toMatchObject({ status: "accepted", httpStatus: 200 });
    expect(r.validationResults.infoMessages.map((m) => m.code)).toEqual(["XSD_ZATCA_VALID"]);
  });

  it("reads a report accepted with warnings (202)", () => {
    const body = {
      validationResults: { ...pass, warningMessages: [message("WARNING", "BR-KSA-08", "The seller's address is incomplete")], status: "WARNING" },
      reportingStatus: "REPORTED",
    };
    const r = zatcaResult(202, body);
    expect(r.status).toBe("warnings");
    expect(r.validationResults.warningMessages).toEqual([
      { type: "WARNING", code: "BR-KSA-08", category: "KSA", message: "The seller's address is incomplete", status: "WARNING" },
    ]);
  });

  it("reads a rejection (400) and a clearance's NOT_CLEARED", () => {
    const rejected = {
      validationResults: {
        infoMessages: [],
        warningMessages: [],
        errorMessages: [message("ERROR", "invalid-invoice-hash", "The hash does not match")],
        status: "ERROR",
      },
    };
    expect(zatcaResult(400, { ...rejected, reportingStatus: "NOT_REPORTED" })).toMatchObject({
      status: "rejected",
      httpStatus: 400,
      validationResults: { errorMessages: [{ code: "invalid-invoice-hash", message: "The hash does not match" }] },
    });
    const cleared = zatcaResult(400, { ...rejected, clearanceStatus: "NOT_CLEARED", clearedInvoice: null });
    expect(cleared.status).toBe("rejected");
    expect(cleared.clearedInvoice).toBeUndefined();
  });

  it("reads a cleared invoice, decoded as UTF-8", () => {
    const xml = "<Invoice>مطعم</Invoice>";
    const b64 = btoa(String.fromCharCode(...new TextEncoder().encode(xml)));
    expect(zatcaResult(200, { validationResults: pass, clearanceStatus: "CLEARED", clearedInvoice: b64 })).toMatchObject({
      status: "accepted",
      clearedInvoice: xml,
    });
  });

  it("reads an issued CSID, and a refused OTP with its `errors`", () => {
    const issued = zatcaResult(200, { requestID: 1234567890123, dispositionMessage: "ISSUED", binarySecurityToken: "TUlJQ", secret: "s3cr3t", errors: null });
    expect(issued).toMatchObject({ status: "accepted", csid: { requestId: "1234567890123", binarySecurityToken: "TUlJQ", secret: "s3cr3t" } });
    const refused = zatcaResult(400, { errors: ["Invalid-OTP"] });
    expect(refused).toMatchObject({ status: "rejected", validationResults: { errorMessages: [{ code: "Invalid-OTP", type: "ERROR" }] } });
    expect(refused.csid).toBeUndefined();
    expect(zatcaResult(400, { errorCode: "Invalid-OTP", errorMessage: "The provided OTP is invalid" }).validationResults.errorMessages[0]).toMatchObject({
      code: "Invalid-OTP",
      message: "The provided OTP is invalid",
    });
  });

  it("reads 401, 500 and no answer as errors, never as a rejection", () => {
    expect(zatcaResult(401, null)).toMatchObject({ status: "error", httpStatus: 401, validationResults: { errorMessages: [{ code: "401" }] } });
    const crashed = zatcaResult(500, { code: "500", category: "HTTP-Errors", message: "Something went wrong and caused an Internal Server Error." });
    expect(crashed).toMatchObject({ status: "error", httpStatus: 500, validationResults: { errorMessages: [{ code: "500" }] } });
    expect(zatcaResult(0, null)).toMatchObject({ status: "error", httpStatus: 0 });
    expect(zatcaResult(503, "<html>down</html>").status).toBe("error");
  });
});

describe("the client's requests", () => {
  it("sends ZATCA's headers, Basic auth and the document base64, and survives a transport that throws", async () => {
    const sent: Request[] = [];
    const api = zatcaApi("https://zatca.test/e-invoicing/developer-portal", async (request) => {
      sent.push(request);
      return Response.json({ validationResults: pass, clearanceStatus: "CLEARED", clearedInvoice: btoa("<Invoice/>") });
    });
    const result = await api.clear({ binarySecurityToken: "TOKEN", secret: "SECRET" }, { invoiceHash: "h", uuid: "u", invoice: "<Invoice>ق</Invoice>" });
    expect(result).toMatchObject({ status: "accepted", clearedInvoice: "<Invoice/>" });
    const [request] = sent;
    expect(request!.url).toBe("https://zatca.test/e-invoicing/developer-portal/invoices/clearance/single");
    expect(Object.fromEntries(["accept-version", "accept-language", "clearance-status", "authorization"].map((h) => [h, request!.headers.get(h)]))).toEqual({
      "accept-version": "V2",
      "accept-language": "en",
      "clearance-status": "1",
      authorization: `Basic ${btoa("TOKEN:SECRET")}`,
    });
    const body = (await request!.json()) as { invoice: string };
    expect(new TextDecoder().decode(Uint8Array.from(atob(body.invoice), (c) => c.charCodeAt(0)))).toBe("<Invoice>ق</Invoice>");
    const down = zatcaApi("https://zatca.test", async () => {
      throw new TypeError("network down");
    });
    expect(await down.report({ binarySecurityToken: "T", secret: "S" }, { invoiceHash: "h", uuid: "u", invoice: "<a/>" })).toMatchObject({
      status: "error",
      httpStatus: 0,
    });
  });
});
