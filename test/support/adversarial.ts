import fc from "fast-check";

/** Every field name the API knows: a body mixes them (with wrong values) among the poison. */
const KNOWN_FIELDS = [
  "email",
  "password",
  "password_confirmation",
  "old_password",
  "name",
  "remember",
  "token",
  "token_id",
  "target_user_id",
  "abilities",
  "expires_at",
  "expiration_date",
  "key",
  "value",
  "user_id",
  "avatar",
  "visibility",
  "payload",
  "file",
  "_token",
  "redirect",
];

/** Keys that are never a field of any endpoint: prototype pollution and other unknowns. */
const POISON_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "__defineGetter__",
  "",
  "a.b",
  "email[]",
  "is_admin",
];

const WEIRD_STRINGS = [
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "🙂".repeat(100),
  "' OR '1'='1' --",
  "<script>alert(1)</script>",
  "%00",
  "%FF",
  "../../etc/passwd",
  " ",
  "",
  "null",
  "true",
  "1e309",
  "-0",
  "0x10",
  "admin@example.test\u0000@evil",
  "a@b",
  "${7*7}",
];

const strings = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(...WEIRD_STRINGS),
  fc.integer({ min: 256, max: 20_000 }).map((length) => "x".repeat(length)),
);

const scalars = fc.oneof(
  strings,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.bigInt().map(String),
);

/** Any JSON value, nested a few levels, or a deeply nested one. */
export const jsonValues: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: "small" },
  scalars,
  fc.array(scalars, { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), scalars, { maxKeys: 5 }),
  // Deep, but within what JSON.stringify (the test's own, below) can write back.
  fc
    .integer({ min: 100, max: 2_000 })
    .map(
      (depth) =>
        JSON.parse(`${"[".repeat(depth)}1${"]".repeat(depth)}`) as unknown,
    ),
);

/** A body: what a request carries, and the content type it claims. */
export type BadBody = {
  kind: string;
  body: string | Uint8Array<ArrayBuffer> | FormData;
  contentType: string | null;
};

/** Fields: some known names with wrong or hostile values, and always at least one poison key. */
const poisonedFields = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(...KNOWN_FIELDS), jsonValues), {
      maxLength: 6,
    }),
    fc.constantFrom(...POISON_KEYS),
    jsonValues,
  )
  .map(
    ([known, poisonKey, poisonValue]) =>
      [...known, [poisonKey, poisonValue]] as [string, unknown][],
  );

const asText = (value: unknown) =>
  typeof value === "string" ? value : (JSON.stringify(value) ?? "null");

/**
 * Request bodies no endpoint may accept: wrong types, huge strings, nesting, invalid UTF-8,
 * duplicate keys, prototype keys, non-objects, wrong or missing content types, oversize.
 */
export const badBodies: fc.Arbitrary<BadBody> = fc.oneof(
  poisonedFields.map((fields) => ({
    kind: "json object",
    body: JSON.stringify(Object.fromEntries(fields)),
    contentType: "application/json",
  })),
  poisonedFields.map((fields) => ({
    kind: "json with duplicate keys",
    body: `{${[...fields, ...fields].map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? "null"}`).join(",")}}`,
    contentType: "application/json",
  })),
  jsonValues
    .filter(
      (value) =>
        typeof value !== "object" || value === null || Array.isArray(value),
    )
    .map((value) => ({
      kind: "json non-object",
      body: JSON.stringify(value) ?? "null",
      contentType: "application/json",
    })),
  fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => ({
    kind: "invalid utf-8",
    body: Uint8Array.from([
      0x7b,
      0x22,
      0x65,
      0x22,
      0x3a,
      0x22,
      0xff,
      0xfe,
      ...bytes,
      0xc3,
      0x22,
      0x7d,
    ]),
    contentType: "application/json",
  })),
  poisonedFields.map((fields) => ({
    kind: "urlencoded",
    body: new URLSearchParams(
      fields.map(([key, value]) => [key, asText(value)]),
    ).toString(),
    contentType: "application/x-www-form-urlencoded",
  })),
  poisonedFields.map((fields) => {
    const form = new FormData();
    for (const [key, value] of fields) form.append(key, asText(value));
    form.append(
      "file",
      new Blob([asText(fields)], { type: "application/octet-stream" }),
      "x.bin",
    );
    return { kind: "multipart", body: form, contentType: null };
  }),
  fc
    .tuple(
      fc.constantFrom(
        "text/plain",
        "application/xml",
        "application/octet-stream",
        "",
        "application/jsonx",
        "multipart/form-data",
      ),
      fc.string({ minLength: 1 }),
    )
    .map(([contentType, body]) => ({
      kind: `content type "${contentType}"`,
      body,
      contentType,
    })),
  fc.constant({
    kind: "over 1 MiB",
    body: JSON.stringify({ email: "x".repeat(1024 * 1024 + 10) }),
    contentType: "application/json",
  }),
  fc
    .tuple(
      fc.constantFrom(...KNOWN_FIELDS),
      fc.integer({ min: 5_000, max: 50_000 }),
    )
    .map(([field, depth]) => ({
      kind: "json nested past JSON.stringify's depth",
      body: `{"__proto__":1,${JSON.stringify(field)}:${"[".repeat(depth)}1${"]".repeat(depth)}}`,
      contentType: "application/json",
    })),
);

/** A path parameter that names nothing: not a usable id, token, hash or provider. */
export const badParams = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }).map((text) => `x${text}`),
  fc.constantFrom(
    "0",
    "-1",
    "99999999999999999999999",
    "1e3",
    "0x10",
    "1.5",
    " 1",
    "%00",
    "..",
    "%2e%2e",
    "🙂",
    "a".repeat(2000),
  ),
);

/** A query string of poison and known names with hostile values. */
export const badQueries = poisonedFields.map((fields) =>
  new URLSearchParams(
    fields.map(([key, value]) => [key, asText(value)]),
  ).toString(),
);
