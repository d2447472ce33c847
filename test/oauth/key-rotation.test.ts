import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodeProtectedHeader } from "jose";
import * as oauth from "oauth4webapi";
import { afterEach, describe, expect, it } from "vitest";
import { KEY_FILES } from "@/lib/oauth/key-files";
import {
  OAUTH_AUTHORIZE_ROUTE,
  OAUTH_DEVICE_ROUTE,
  OAUTH_ROUTES,
} from "@/lib/oauth/routes";
import { runCli } from "../cli/run-cli";
import { signIn, useTestApp } from "../support/app";
import { confirmPassword } from "../support/two-factor";
import {
  approveCode,
  authenticates,
  tokenEndpoint,
  userAccessToken,
} from "./flows";
import { clientOptions } from "./support";

// `oauth:keys` (Passport's passport:keys) and what the server does with its keys (decision
// record 092): made and refused as Passport does, rotated with both keys published, and without
// keys one answer on every OAuth route.
const app = useTestApp();
const ADMINS = { env: { ADMIN_EMAILS: "admin@example.com" } };
const A_CLIENT = {
  name: "An app",
  redirect_uris: ["https://app.example/callback"],
};
const BODIES: Record<string, unknown> = {
  "POST /oauth/clients": A_CLIENT,
  "PUT /oauth/clients/{id}": A_CLIENT,
  "POST /oauth/personal-access-tokens": { name: "A token" },
  "POST /api/admin/oauth-resources": {
    identifier: "https://api.example/notes",
    name: "Notes API",
    scopes: [{ name: "notes:read", description: "Read notes" }],
  },
  "PUT /api/admin/oauth-resources/{id}": { name: "Notes API", scopes: [] },
};

/** The real command, in this process: its output and exit code. */
const oauthKeys = (dataDir: string, ...args: string[]) =>
  runCli({ NODE_ENV: "test", DATA_DIR: dataDir }, [
    "oauth:keys",
    "--length",
    "2048",
    ...args,
  ]);

const dataDir = () => app.services.env.DATA_DIR;
const file = (name: keyof typeof KEY_FILES) =>
  path.join(dataDir(), KEY_FILES[name]);
const route = (name: string) => {
  const found = OAUTH_ROUTES.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no route ${name}`);
  return found;
};
const jwks = async () =>
  (await app.agent().get("/oauth/jwks", { host: route("passport.jwks") }))
    .body as { keys: { kid: string }[] };
afterEach(() => rmSync(file("previousPublic"), { force: true }));

describe("npm run auth -- oauth:keys", () => {
  it("writes the pair at 0600, refuses to overwrite it without --force, and prints one for a secret store", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "oauth-keys-cli-"));
    try {
      const made = await oauthKeys(dir);
      expect(made).toEqual({
        status: 0,
        stdout: "Encryption keys generated successfully.\n",
        stderr: "",
      });
      const privateFile = path.join(dir, KEY_FILES.private);
      for (const name of [KEY_FILES.private, KEY_FILES.public])
        expect(statSync(path.join(dir, name)).mode & 0o777).toBe(0o600);
      const before = readFileSync(privateFile, "utf8");

      const refused = await oauthKeys(dir);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/^Encryption keys already exist\./);
      expect(readFileSync(privateFile, "utf8")).toBe(before);

      expect((await oauthKeys(dir, "--force")).status).toBe(0);
      expect(readFileSync(privateFile, "utf8")).not.toBe(before);
      expect(existsSync(path.join(dir, KEY_FILES.previousPublic))).toBe(false);

      const printed = await oauthKeys(dir, "--print");
      expect(printed.stdout).toMatch(
        /^PASSPORT_PRIVATE_KEY="-----BEGIN PRIVATE KEY-----\\n[^\n]+"\nPASSPORT_PUBLIC_KEY="-----BEGIN PUBLIC KEY-----\\n[^\n]+"\n$/,
      );
      expect((await oauthKeys(dir, "--length", "1024")).status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a key rotation", () => {
  it("publishes both keys until the old one is removed: tokens it signed keep working until then, new ones name the new key", async () => {
    const before = await userAccessToken(app, "openid profile");
    // A second grant of the same user, which the refresh below leaves alone.
    const client = { client_id: before.clientId };
    const secondBefore = await tokenEndpoint(app, before.as, client).redeem(
      await approveCode(before.userAgent, before.as, client, {
        scope: "openid profile",
        state: "second",
      }),
    );
    const [oldKey] = (await jwks()).keys;
    // One key published: Passport's header, without a kid.
    expect(decodeProtectedHeader(before.tokens.access_token)).toEqual({
      typ: "JWT",
      alg: "RS256",
    });

    const rotated = await oauthKeys(dataDir(), "--rotate");
    expect(rotated.status).toBe(0);
    app.configure(ADMINS);
    const published = (await jwks()).keys.map((key) => key.kid);
    expect(published).toHaveLength(2);
    expect(published[1]).toBe(oldKey?.kid);
    expect(await authenticates(app, before.tokens.access_token)).toBe(true);
    expect(await authenticates(app, secondBefore.access_token)).toBe(true);

    // During the overlap a new token names the new key. The refresh token is encrypted, not
    // signed: it renews across the rotation.
    const as = before.as;
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      { client_id: before.clientId },
      await oauth.refreshTokenGrantRequest(
        as,
        { client_id: before.clientId },
        oauth.None(),
        before.tokens.refresh_token ?? "",
        clientOptions(app),
      ),
    );
    expect(decodeProtectedHeader(refreshed.access_token).kid).toBe(
      published[0],
    );
    expect(await authenticates(app, refreshed.access_token)).toBe(true);

    // The overlap ends: the old key leaves the JWKS, and a token it signed stops working.
    rmSync(file("previousPublic"));
    app.configure(ADMINS);
    expect((await jwks()).keys.map((key) => key.kid)).toEqual([published[0]]);
    expect(await authenticates(app, refreshed.access_token)).toBe(true);
    expect(await authenticates(app, secondBefore.access_token)).toBe(false);
  });
});

describe("a server without keys", () => {
  it("answers the same 503 on every OAuth route, discovery included", async () => {
    app.configure({
      env: {
        NODE_ENV: "production",
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "no-keys-")),
        SESSION_SECURE_COOKIE: "false",
        ...ADMINS.env,
      },
    });
    // A signed-in administrator who confirmed the password: the clients' JSON API refuses a
    // guest (401), the resources' a user (403), and both ask for the password (423) before
    // anything else, keys or not.
    const agent = await signIn(
      app,
      await app.createUser({ email: "admin@example.com" }),
    );
    await confirmPassword(agent);
    const answers = new Map<string, string>();
    for (const route of OAUTH_ROUTES) {
      const method = [route.method].flat()[0] ?? "GET";
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map(
        ([, name]) => name ?? "",
      );
      // The metadata document of a resource is asked by its identifier (record 101).
      const query = route.path.endsWith("/resource-metadata")
        ? "?resource=https%3A%2F%2Fapi.example%2Fnotes"
        : "";
      const response = await agent.request(method, route.path + query, {
        // Enough for the JSON API's schemas, which judge the input before the endpoint runs.
        json: BODIES[`${method} ${route.path}`],
        host: route,
        params: Object.fromEntries(names.map((name) => [name, "1"])),
      });
      answers.set(
        `${method} ${route.path}`,
        `${response.status} ${JSON.stringify(response.body)}`,
      );
    }
    const expected = `503 ${JSON.stringify({ message: "The OAuth server is not configured." })}`;
    const others = [...answers].filter(([, answer]) => answer !== expected);
    expect(others).toEqual([]);

    // A person's browser opening the consent or the device address is sent on to its screen,
    // which reads the same 503 and says it in words (issue 48, item 10); a form POST is not.
    const navigation = {
      accept: "text/html,application/xhtml+xml",
      "sec-fetch-mode": "navigate",
      "sec-fetch-dest": "document",
    };
    const query = "?response_type=code&client_id=x";
    const screens = [
      [OAUTH_AUTHORIZE_ROUTE, `/oauth/authorize${query}`, `/authorize${query}`],
      [OAUTH_DEVICE_ROUTE, "/oauth/device", "/device"],
    ] as const;
    for (const [route, address, screen] of screens) {
      const page = await agent.get(address, {
        host: route,
        asJson: false,
        headers: navigation,
      });
      expect([page.status, page.headers.get("location")]).toEqual([
        302,
        screen,
      ]);
    }
    const posted = await agent.request("POST", "/oauth/authorize", {
      host: OAUTH_AUTHORIZE_ROUTE,
      asJson: false,
      headers: navigation,
      form: { response_type: "code", client_id: "x" },
    });
    expect(posted.status).toBe(503);
  });
});
