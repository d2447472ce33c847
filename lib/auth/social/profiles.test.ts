import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchGitHubUser, fetchOidcUser } from "@/lib/auth/social/profiles";
import { type FakeOidc, startFakeOidc } from "@/e2e/support/fake-oidc";

// Real HTTP to the local stand-in provider, which also speaks GitHub's /user and /user/emails.
let provider: FakeOidc;
beforeAll(async () => {
  provider = await startFakeOidc();
});
afterAll(() => provider.close());

describe("fetchGitHubUser", () => {
  it("takes the profile's public email (GitHub only allows a verified one)", async () => {
    const token = provider.issueAccessToken({
      sub: "5",
      name: "Octo Cat",
      publicEmail: "octo@example.com",
      emails: [],
    });
    expect(await fetchGitHubUser(token, provider.url)).toMatchObject({
      id: "5",
      email: "octo@example.com",
      emailVerified: true,
      name: "Octo Cat",
    });
  });

  it("falls back to the primary verified address of /user/emails when the profile has none", async () => {
    const token = provider.issueAccessToken({
      sub: "6",
      name: null,
      emails: [
        { email: "old@example.com", primary: false, verified: true },
        { email: "main@example.com", primary: true, verified: true },
      ],
    });
    expect(await fetchGitHubUser(token, provider.url)).toMatchObject({
      id: "6",
      email: "main@example.com",
      emailVerified: true,
      name: "user6",
    });
  });

  it("has no email when the primary address is unverified", async () => {
    const token = provider.issueAccessToken({
      sub: "7",
      emails: [{ email: "main@example.com", primary: true, verified: false }],
    });
    expect(await fetchGitHubUser(token, provider.url)).toMatchObject({
      email: null,
      emailVerified: false,
    });
  });

  it("throws when the token is refused", async () => {
    await expect(fetchGitHubUser("not-a-token", provider.url)).rejects.toThrow(
      /401/,
    );
  });
});

describe("fetchOidcUser", () => {
  it("maps the standard claims", async () => {
    const token = provider.issueAccessToken({
      sub: "s-1",
      email: "a@example.com",
      email_verified: true,
      name: "A",
    });
    expect(
      await fetchOidcUser(`${provider.url}/userinfo`, token),
    ).toMatchObject({
      id: "s-1",
      email: "a@example.com",
      emailVerified: true,
      name: "A",
    });
  });

  it("treats an absent email_verified as unverified (OIDC Core §5.1) and a malformed email as none", async () => {
    const unverified = provider.issueAccessToken({
      sub: "s-2",
      email: "b@example.com",
    });
    expect(
      await fetchOidcUser(`${provider.url}/userinfo`, unverified),
    ).toMatchObject({ email: "b@example.com", emailVerified: false });
    const malformed = provider.issueAccessToken({
      sub: "s-3",
      email: "not an email",
      email_verified: true,
    });
    expect(
      await fetchOidcUser(`${provider.url}/userinfo`, malformed),
    ).toMatchObject({ email: null, emailVerified: false });
  });
});
