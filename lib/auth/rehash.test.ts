import { describe, expect, it } from "vitest";
import { needsRehash } from "@/lib/auth/rehash";

const SALT_AND_HASH =
  "abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ012";

describe("needsRehash (decision 002)", () => {
  it("keeps only $2y$ at the configured cost", () => {
    expect(needsRehash(`$2y$12$${SALT_AND_HASH}`, 12)).toBe(false);
    expect(needsRehash(`$2y$10$${SALT_AND_HASH}`, 12)).toBe(true);
    expect(needsRehash(`$2y$13$${SALT_AND_HASH}`, 12)).toBe(true);
    expect(needsRehash(`$2a$12$${SALT_AND_HASH}`, 12)).toBe(true);
    expect(needsRehash(`$2b$12$${SALT_AND_HASH}`, 12)).toBe(true);
    expect(
      needsRehash("$argon2id$v=19$m=65536,t=4,p=1$c2FsdA$aGFzaA", 12),
    ).toBe(true);
  });
});
