// Twilio's Messages API as the stand-in sees it: POST /2010-04-01/Accounts/{sid}/Messages.json, form
// fields To, From or MessagingServiceSid, Body, HTTP Basic auth {sid}:{token}. It answers as Twilio does
// (201 with the message, or Twilio's error JSON). Failures are chosen by the account SID, so parallel
// tests never share a switch: a SID ending "fail500", "fail429" or "timeout" fails that way, and one
// ending "fail21211" or "fail21614" refuses the recipient as Twilio does (invalid To, not a mobile).
import type { Handler } from "./server.ts";

/** The auth token the stand-in accepts for every account. */
export const TWILIO_STAND_IN_TOKEN = "stand-in-twilio-token";

const E164 = /^(whatsapp:)?\+[1-9]\d{6,14}$/;
const twilioError = (status: number, code: number, message: string) => ({
  status,
  json: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

export const handleTwilio: Handler = (request, log) => {
  const route = /^\/2010-04-01\/Accounts\/([A-Za-z0-9]+)\/Messages\.json$/.exec(request.path);
  if (!route || request.method !== "POST") return null;
  const sid = route[1]!;
  const expected = `Basic ${Buffer.from(`${sid}:${TWILIO_STAND_IN_TOKEN}`).toString("base64")}`;
  if (request.headers.authorization !== expected) return twilioError(401, 20003, "Authenticate");
  log(sid, { method: request.method, path: request.path, headers: request.headers, form: request.form });
  if (sid.endsWith("timeout")) return "hang";
  if (sid.endsWith("fail500")) return twilioError(500, 20500, "Internal Server Error");
  if (sid.endsWith("fail429")) return twilioError(429, 20429, "Too Many Requests");
  if (sid.endsWith("fail21211")) return twilioError(400, 21211, `The 'To' number ${request.form.To} is not a valid phone number.`);
  if (sid.endsWith("fail21614")) return twilioError(400, 21614, `'To' number ${request.form.To} is not a valid mobile number`);
  const { To: to = "", From: from, MessagingServiceSid: service, Body: body } = request.form;
  if (!E164.test(to)) return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
  if (!from && !service) return twilioError(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message");
  if (!body) return twilioError(400, 21602, "Message body is required.");
  return {
    status: 201,
    json: {
      sid: `SM${crypto.randomUUID().replace(/-/g, "")}`,
      account_sid: sid,
      to,
      from: from ?? null,
      messaging_service_sid: service ?? null,
      body,
      status: "queued",
    },
  };
};
