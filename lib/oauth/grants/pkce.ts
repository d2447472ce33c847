import { createHash } from "node:crypto";
import { invalidGrant, invalidRequest } from "@/lib/oauth/errors";

// RFC 7636 §4.1: 43 to 128 unreserved characters.
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** league's AuthCodeGrant check of `code_verifier` against the code's challenge. */
export function verifyPkce(
  challenge: unknown,
  method: unknown,
  verifier: unknown,
): void {
  if (typeof challenge !== "string" || challenge === "") {
    if (verifier !== undefined && verifier !== null)
      throw invalidRequest(
        "code_challenge",
        "code_verifier received when no code_challenge is present",
      );
    return;
  }
  if (typeof verifier !== "string") throw invalidRequest("code_verifier");
  if (!VERIFIER.test(verifier))
    throw invalidRequest(
      "code_verifier",
      "Code Verifier must follow the specifications of RFC-7636.",
    );
  const computed =
    method === "S256"
      ? createHash("sha256").update(verifier).digest("base64url")
      : verifier;
  if (computed !== challenge)
    throw invalidGrant("Failed to verify `code_verifier`.");
}
