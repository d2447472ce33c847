import { describe, expect, it } from "vitest";
import { deriveEncryptionKey, mailQueueKey } from "@/lib/crypto/secrets";
import { seal, unseal } from "@/lib/mail/sealed";

const SECRET = "a-session-secret-that-is-at-least-32-characters";

describe("sealed queue payloads (decision 004)", () => {
  const key = mailQueueKey(SECRET);

  it("opens what it sealed, under the same key and context only", () => {
    const sealed = seal(
      key,
      "https://example.test/reset/secret-token",
      "job-1",
    );
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain("secret-token");
    expect(unseal(key, sealed, "job-1")).toBe(
      "https://example.test/reset/secret-token",
    );
    expect(() => unseal(key, sealed, "job-2")).toThrow();
    expect(() => unseal(mailQueueKey(`${SECRET}!`), sealed, "job-1")).toThrow();
    expect(() =>
      unseal(deriveEncryptionKey(SECRET, "another-purpose"), sealed, "job-1"),
    ).toThrow();
  });

  it("refuses an altered payload", () => {
    const [version, iv, body, tag] = seal(key, "hello", "job").split(".");
    const flipped = Buffer.from(body ?? "", "base64url");
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() =>
      unseal(
        key,
        [version, iv, flipped.toString("base64url"), tag].join("."),
        "job",
      ),
    ).toThrow();
    expect(() => unseal(key, "not sealed", "job")).toThrow();
  });

  it("never seals two messages alike (a fresh IV each time)", () => {
    expect(seal(key, "same", "job")).not.toBe(seal(key, "same", "job"));
  });
});
