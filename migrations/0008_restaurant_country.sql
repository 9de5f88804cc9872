-- A diner types a phone number the way people do where the restaurant is ("0501234567" in the UAE);
-- SMS providers need it in E.164 ("+971501234567"). The restaurant's country (ISO 3166-1 alpha-2) is
-- what a number without its country code is read against (worker/rules/e164.ts).
ALTER TABLE restaurants ADD COLUMN country TEXT NOT NULL DEFAULT 'AE' CHECK (country GLOB '[A-Z][A-Z]');
