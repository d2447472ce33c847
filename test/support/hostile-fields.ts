import fc from "fast-check";
import type { z } from "zod";
import { PASSWORD } from "./app";

/** The field names of an endpoint's input schema (an object, possibly refined or piped). */
export function fieldNames(schema: z.ZodType): string[] {
  let current: unknown = schema;
  for (let depth = 0; depth < 5 && current; depth++) {
    const shape = (current as { shape?: Record<string, unknown> }).shape;
    if (shape) return Object.keys(shape);
    const def = (current as { def?: { in?: unknown; innerType?: unknown } })
      .def;
    current = def?.in ?? def?.innerType;
  }
  return [];
}

// Plausible enough to pass validation now and then, hostile enough to break what comes after it.
const HOSTILE_TEXT = [
  "🙂".repeat(64),
  "\ud800",
  "x\udfffy",
  "Ω≈ç√∫˜µ≤",
  "\u202etxt.exe",
  "' OR '1'='1' --",
  "<img src=x onerror=alert(1)>",
  "%00",
  "../../etc/passwd",
  "a".repeat(255),
  "a".repeat(256),
  "  padded  ",
  "\t\n",
  "=cmd|' /C calc'!A0",
  "+1",
  "@SUM(1+1)",
];
const text = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.string({ maxLength: 300 }),
  fc.string({ unit: "binary", maxLength: 50 }),
);
// Existing accounts most of the time, so credentials pass and the fields after them are reached.
const emails = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      "admin@example.test",
      "ADMIN@EXAMPLE.TEST",
      "someone@example.test",
    ),
    weight: 4,
  },
  { arbitrary: fc.emailAddress(), weight: 1 },
  {
    arbitrary: fc.constantFrom("a@b", '"quoted"@example.test', "x@[127.0.0.1]"),
    weight: 1,
  },
  {
    arbitrary: fc.emailAddress().map((email) => `${"a".repeat(240)}${email}`),
    weight: 1,
  },
);
const ids = fc.oneof(
  fc.constantFrom(1, 2, 3, 0, -1, 2 ** 31, 2 ** 53 - 1, 2 ** 53 + 2, 1.5),
  fc.constantFrom(
    "1",
    "2",
    "999999999999999999",
    "9223372036854775808",
    "1e3",
    " 2",
  ),
);
const dates = fc.oneof(
  {
    arbitrary: fc
      .date({
        min: new Date("1900-01-01"),
        max: new Date("9999-12-31"),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString()),
    weight: 1,
  },
  {
    arbitrary: fc.constantFrom(
      "2027-02-30",
      "2099-12-31",
      "2030-01-01T25:00:00Z",
      "tomorrow",
      "0",
      "-1",
    ),
    weight: 1,
  },
  {
    arbitrary: fc.constantFrom(
      "10000-01-01",
      "+275760-09-13T00:00:00.000Z",
      "+100000-01-01T00:00:00Z",
      "9999-12-31T23:59:59.999Z",
    ),
    weight: 2,
  },
  {
    arbitrary: fc
      .date({ noInvalidDate: true })
      .map((date) => date.toISOString()),
    weight: 1,
  },
);
const SETTING_KEYS = [
  "allow-registration",
  "allow-impersonate",
  "must-verify-email",
  "password.length",
  "password.uppercase",
  "routes.redirects.login",
  "nope",
];

/** A value for a field, by the field's name. */
export function hostileValueFor(field: string): fc.Arbitrary<unknown> {
  switch (field) {
    case "email":
      return emails;
    case "password":
    case "password_confirmation":
    case "old_password":
      return fc.oneof(
        { arbitrary: fc.constant(PASSWORD), weight: 3 },
        { arbitrary: text, weight: 1 },
      );
    case "remember":
      return fc.oneof(fc.boolean(), fc.constantFrom("on", "1", "yes", "maybe"));
    case "token_id":
    case "target_user_id":
    case "user_id":
      return ids;
    case "abilities":
      return fc.array(text, { maxLength: 5 });
    case "expires_at":
    case "expiration_date":
      return dates;
    case "key":
      return fc.constantFrom(...SETTING_KEYS);
    case "value":
      return fc.oneof(
        fc.boolean(),
        fc.integer(),
        text,
        fc.array(text, { maxLength: 3 }),
      );
    case "payload":
      return fc.dictionary(
        text,
        fc.oneof(text, fc.integer(), fc.constant(null)),
        { maxKeys: 4 },
      );
    case "_token":
    case "redirect":
      return fc.constant(undefined);
    default:
      return fc.oneof(text, fc.integer(), fc.constant(null));
  }
}

/** A body that fills every field of the schema with plausible-or-hostile values; the confirmation follows the password. */
export function hostileBodies(
  fields: string[],
): fc.Arbitrary<Record<string, unknown>> {
  const entries = fields
    .filter((field) => field !== "_token" && field !== "redirect")
    .map((field) => [field, hostileValueFor(field)] as const);
  return fc
    .record(Object.fromEntries(entries), { requiredKeys: [] })
    .map((body) => {
      if ("password_confirmation" in body && "password" in body)
        body.password_confirmation = body.password;
      return body;
    });
}
