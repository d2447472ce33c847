import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ValidationError } from "@/lib/http/errors";
import { normalizeInput, parseInput } from "@/lib/validation/parse";
import {
  confirmed,
  CONFIRMED_WHEN,
  newPassword,
  passwordConfirmation,
} from "@/lib/validation/rules";

function errorsOf(run: () => unknown): Record<string, string[]> {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError)
      return Object.fromEntries(
        Object.entries(error.errors).map(([field, list]) => [
          field,
          list.map((m) => m.key),
        ]),
      );
    throw error;
  }
  throw new Error("expected a ValidationError");
}

describe("normalizeInput (Laravel's TrimStrings + ConvertEmptyStringsToNull)", () => {
  it("trims strings except passwords and turns empty strings into null", () => {
    expect(
      normalizeInput({ name: "  Ann ", password: " secret ", email: "   " }),
    ).toEqual({ name: "Ann", password: " secret ", email: null });
  });

  it("keeps a __proto__ key as an own field instead of a prototype", () => {
    const normalized = normalizeInput(
      JSON.parse('{"__proto__": {"email": "x@example.com"}}'),
    );
    expect(Object.getPrototypeOf(normalized)).toBe(Object.prototype);
    expect(Object.keys(normalized)).toEqual(["__proto__"]);
    expect((normalized as { email?: unknown }).email).toBeUndefined();
  });
});

describe("parseInput messages", () => {
  const schema = z.strictObject({
    email: z.string(),
    count: z.int().optional(),
    tags: z.array(z.string()).max(3).optional(),
  });

  it("tells a missing field from a field of the wrong type", () => {
    expect(errorsOf(() => parseInput(schema, {}))).toEqual({
      email: ["The :attribute field is required."],
    });
    expect(errorsOf(() => parseInput(schema, { email: null }))).toEqual({
      email: ["The :attribute field is required."],
    });
    expect(
      errorsOf(() => parseInput(schema, { email: 5, count: "x" })),
    ).toEqual({
      email: ["The :attribute field must be a string."],
      count: ["The :attribute field must be a number."],
    });
    expect(
      errorsOf(() => parseInput(schema, { email: "a", tags: ["a", 1] })),
    ).toEqual({ "tags.1": ["The :attribute field must be a string."] });
  });

  it("says 'required' for an absent field whose rule has its own message", () => {
    const id = z.strictObject({
      id: z.union([z.int(), z.string().regex(/^\d+$/)], {
        error: "The :attribute field must be a number.",
      }),
    });
    expect(errorsOf(() => parseInput(id, {}))).toEqual({
      id: ["The :attribute field is required."],
    });
    expect(errorsOf(() => parseInput(id, { id: true }))).toEqual({
      id: ["The :attribute field must be a number."],
    });
  });

  it("reports unknown fields as prohibited", () => {
    expect(
      errorsOf(() => parseInput(schema, { email: "a", role: "admin" })),
    ).toEqual({ role: ["The :attribute field is prohibited."] });
  });

  it("reports the confirmation together with the other fields' errors", () => {
    const form = z
      .strictObject({
        name: z.string(),
        password: newPassword({ length: 8, uppercase: false, number: false }),
        password_confirmation: passwordConfirmation(),
      })
      .superRefine(confirmed, CONFIRMED_WHEN);
    expect(
      errorsOf(() => parseInput(form, { password: "long-enough" })),
    ).toEqual({
      name: ["The :attribute field is required."],
      password: ["The :attribute field confirmation does not match."],
    });
    expect(
      errorsOf(() =>
        parseInput(form, {
          name: "A",
          password: "short",
          password_confirmation: "short",
        }),
      ),
    ).toEqual({
      password: ["The :attribute field must be at least :min characters."],
    });
    expect(
      parseInput(form, {
        name: "A",
        password: "long-enough",
        password_confirmation: "long-enough",
      }),
    ).toMatchObject({ name: "A" });
  });
});
