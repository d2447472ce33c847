import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/client/api";
import { type FieldState, fieldProblems } from "@/lib/client/field-checks";
import { formErrors, isTakenEmail } from "@/lib/client/form-errors";
import { translate } from "@/lib/i18n/catalog";

const es = (key: string, replacements?: Record<string, string | number>) =>
  translate("es", key, replacements);

const field = (
  name: string,
  value: string,
  more: Partial<FieldState> = {},
): FieldState => ({
  name,
  value,
  type: "text",
  required: true,
  minLength: -1,
  ...more,
});

describe("the forms' own checks before submitting (decision record 069)", () => {
  it("words required, an email's form and minlength from the fields' attributes, in the user's language", () => {
    expect(
      fieldProblems(
        [
          field("name", "  "),
          field("email", "someone.example.com", { type: "email" }),
          field("password", "short", { type: "password", minLength: 8 }),
          field("password_confirmation", "short", { type: "password" }),
        ],
        es,
      ),
    ).toEqual({
      name: "Este campo es obligatorio.",
      email: "Escribe una dirección de correo, como nombre@ejemplo.com.",
      password: "Usa al menos 8 caracteres.",
    });
  });

  it("puts a confirmation that differs from its password on the confirmation field", () => {
    expect(
      fieldProblems(
        [
          field("password", "longenough", { minLength: 8 }),
          field("password_confirmation", "longenougj"),
        ],
        es,
      ),
    ).toEqual({ password_confirmation: "Las contraseñas no coinciden." });
    expect(
      fieldProblems(
        [field("password", "longenough"), field("password_confirmation", "")],
        es,
      ),
    ).toEqual({ password_confirmation: "Este campo es obligatorio." });
  });

  it("shows the server's confirmation mismatch (on password, contract §1) beside the confirmation field", () => {
    const error = new ApiError(422, "", {
      password: ["La confirmación del campo contraseña no coincide."],
    });
    expect(
      formErrors(error, ["password", "password_confirmation"], "es"),
    ).toEqual({
      fields: { password_confirmation: "Las contraseñas no coinciden." },
      general: null,
    });
    const english = new ApiError(422, "", {
      password: ["The password field confirmation does not match."],
    });
    expect(formErrors(english, ["password"], "en").fields).toEqual({
      password: "The password field confirmation does not match.",
    });
  });

  it("shows Laravel's taken address and malformed address in our words, from either language", () => {
    const shown = (message: string, locale: "en" | "es") =>
      formErrors(new ApiError(422, "", { email: [message] }), ["email"], locale)
        .fields.email;
    const ours = "Ya hay una cuenta con este correo electrónico.";
    expect(
      shown("El valor del campo correo electrónico ya está en uso.", "es"),
    ).toBe(ours);
    expect(shown("The email has already been taken.", "es")).toBe(ours);
    expect(isTakenEmail(ours, "es")).toBe(true);
    expect(shown("The email has already been taken.", "en")).toBe(
      "An account with this email address already exists.",
    );
    const malformed = shown(
      "The email field must be a valid email address.",
      "en",
    );
    expect(malformed).toBe("Enter an email address, like name@example.com.");
    expect(isTakenEmail(malformed, "en")).toBe(false);
    // A message with no words of ours passes through as the server wrote it.
    expect(
      shown("The email field must not be greater than 255 characters.", "en"),
    ).toBe("The email field must not be greater than 255 characters.");
  });
});
