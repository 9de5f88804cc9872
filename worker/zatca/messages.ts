// ZATCA's validation messages, shaped as its e-invoicing API returns them in validationResults
// ({type, code, category, message, status}), so verify.ts's findings pass through the stand-in unchanged.

export interface ZatcaMessage {
  type: "ERROR" | "WARNING" | "INFO";
  code: string;
  category: string;
  message: string;
  status: "ERROR" | "WARNING" | "PASS";
}

export const error = (category: string, code: string, message: string): ZatcaMessage => ({ type: "ERROR", code, category, message, status: "ERROR" });

/** validationResults as ZATCA's API writes it: messages by type and the overall status. */
export const validationResults = (messages: readonly ZatcaMessage[]) => {
  const errorMessages = messages.filter((m) => m.type === "ERROR");
  const warningMessages = messages.filter((m) => m.type === "WARNING");
  const infoMessages: ZatcaMessage[] = errorMessages.length
    ? []
    : [
        {
          type: "INFO",
          code: "XSD_ZATCA_VALID",
          category: "XSD validation",
          message: "Complied with UBL 2.1 standards in line with ZATCA specifications",
          status: "PASS",
        },
      ];
  return { infoMessages, warningMessages, errorMessages, status: errorMessages.length ? "ERROR" : warningMessages.length ? "WARNING" : "PASS" } as const;
};
