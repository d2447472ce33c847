import { afterEach, describe, expect, it } from "vitest";
import { buildAuthConfig } from "@/lib/config/auth";
import { resetHooks, setHooks } from "@/lib/server/hooks";
import { unverifiedAdministratorsWarning } from "@/lib/policies/admin";

const config = (auth: Record<string, unknown>, adminEmails = "") =>
  buildAuthConfig({
    AUTH_CONFIG_JSON: JSON.stringify(auth),
    ADMIN_EMAILS: adminEmails,
  });

afterEach(() => resetHooks());

// Decision record 014: with must-verify-email off, a listed address is trusted without proof.
describe("the start-up warning about administrators without verified addresses", () => {
  it("warns when administrators are listed and must-verify-email is off", () => {
    expect(
      unverifiedAdministratorsWarning(
        config({ "must-verify-email": false }, "boss@example.com"),
      ),
    ).toMatch(/must-verify-email is off/);
    expect(
      unverifiedAdministratorsWarning(
        config({ "must-verify-email": false, admins: ["root@example.com"] }),
      ),
    ).toMatch(/ADMIN_EMAILS/);
  });

  it("stays quiet when addresses are verified, when nobody is listed, or when the application decides isAdmin itself", () => {
    expect(
      unverifiedAdministratorsWarning(config({}, "boss@example.com")),
    ).toBeNull();
    expect(
      unverifiedAdministratorsWarning(config({ "must-verify-email": false })),
    ).toBeNull();
    setHooks({ isAdmin: () => false });
    expect(
      unverifiedAdministratorsWarning(
        config({ "must-verify-email": false }, "boss@example.com"),
      ),
    ).toBeNull();
  });
});
