import { describe, expect, it } from "vitest";
import { translate } from "@/lib/i18n/catalog";
import {
  parseRetryAfter,
  tooManyAttemptsMessage,
} from "@/lib/client/retry-after";

const en = (key: string, replacements?: Record<string, string | number>) =>
  translate("en", key, replacements);
const es = (key: string, replacements?: Record<string, string | number>) =>
  translate("es", key, replacements);

describe("a 429 says when to try again (decision record 069)", () => {
  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(parseRetryAfter("42")).toBe(42);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter("soon")).toBeNull();
    expect(
      parseRetryAfter(
        "Thu, 26 Nov 2026 12:01:30 GMT",
        new Date("2026-11-26T12:00:00Z"),
      ),
    ).toBe(90);
  });

  it("counts seconds below two minutes and whole minutes from there, in the user's language", () => {
    expect(tooManyAttemptsMessage(en, 42)).toBe(
      "Too many attempts. Try again in 42 seconds.",
    );
    expect(tooManyAttemptsMessage(es, 42)).toBe(
      "Demasiados intentos. Vuelve a intentarlo en 42 segundos.",
    );
    expect(tooManyAttemptsMessage(en, 119)).toBe(
      "Too many attempts. Try again in 119 seconds.",
    );
    expect(tooManyAttemptsMessage(en, 120)).toBe(
      "Too many attempts. Try again in 2 minutes.",
    );
    expect(tooManyAttemptsMessage(es, 3599)).toBe(
      "Demasiados intentos. Vuelve a intentarlo en 60 minutos.",
    );
    expect(tooManyAttemptsMessage(en, 1)).toBe(
      "Too many attempts. Try again in 1 second.",
    );
    expect(tooManyAttemptsMessage(es, null)).toBe(
      "Demasiados intentos. Vuelve a intentarlo más tarde.",
    );
  });
});
