import {
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  pbkdf2Sync,
} from "node:crypto";
import { decodeJwt, importSPKI, jwtVerify } from "jose";
import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import {
  oauthAccessTokens,
  oauthClients,
  oauthRefreshTokens,
} from "@/db/schema";
import { decryptWithPassword, encryptWithPassword } from "@/lib/oauth/defuse";
import { useTestApp } from "../support/app";
import { readPassportFixture } from "../support/passport-fixtures";
import { clientOptions, discover, pipelineFetch } from "./support";

// Reference values made by the real PHP libraries (../shared/fixtures/passport/README.md).
const read = readPassportFixture;
type Vector = {
  app_key: string;
  password_hex: string;
  plaintext: string;
  ciphertext: string;
};
const defuse = JSON.parse(read("defuse-password.json")) as {
  vectors: Vector[];
};
const tokens = JSON.parse(read("tokens.passport13.json")) as {
  generated_at_unix: number;
  app_key: string;
  clients: {
    id: string;
    name: string;
    redirect_uris: string[];
    grants: string[];
    stored_secret: string | null;
    plain_secret: string | null;
  }[];
  access_tokens: Record<string, { jwt: string; claims_json: string }>;
  refresh_tokens: Record<
    string,
    { refresh_token: string; payload: Record<string, unknown> }
  >;
};
const errors = JSON.parse(read("errors.passport13.json")) as {
  flows: { how: string; response: { status: number; body: string } }[];
};
const flow = (how: string) => {
  const found = errors.flows.find((candidate) => candidate.how === how);
  if (!found) throw new Error(`no fixture flow ${how}`);
  return found.response;
};

/** defuse's decryption written out from the fixture README's procedure, independent of lib/oauth. */
function readmeDecrypt(hex: string, password: Buffer): string {
  const bytes = Buffer.from(hex, "hex");
  expect(bytes.subarray(0, 4).toString("hex")).toBe("def50200");
  const salt = bytes.subarray(4, 36);
  const iv = bytes.subarray(36, 52);
  const body = bytes.subarray(52, bytes.length - 32);
  const prekey = pbkdf2Sync(
    createHash("sha256").update(password).digest(),
    salt,
    100000,
    32,
    "sha256",
  );
  const akey = Buffer.from(
    hkdfSync("sha256", prekey, salt, "DefusePHP|V2|KeyForAuthentication", 32),
  );
  const ekey = Buffer.from(
    hkdfSync("sha256", prekey, salt, "DefusePHP|V2|KeyForEncryption", 32),
  );
  const mac = createHmac("sha256", akey)
    .update(bytes.subarray(0, bytes.length - 32))
    .digest();
  expect(mac.equals(bytes.subarray(bytes.length - 32))).toBe(true);
  const decipher = createDecipheriv("aes-256-ctr", ekey, iv);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString();
}

describe("defuse/php-encryption's password mode", () => {
  it("decrypts every vector the PHP library made, and refuses a tampered one", async () => {
    for (const vector of defuse.vectors) {
      const password = Buffer.from(vector.password_hex, "hex");
      expect(await decryptWithPassword(vector.ciphertext, password)).toBe(
        vector.plaintext,
      );
      const tampered =
        vector.ciphertext.slice(0, -2) +
        (vector.ciphertext.endsWith("00") ? "01" : "00");
      expect(await decryptWithPassword(tampered, password)).toBeNull();
    }
  });

  it("writes what the README's procedure decrypts", async () => {
    const password = Buffer.from(defuse.vectors[0]?.password_hex ?? "", "hex");
    const plaintext = '{"client_id":"x","scopes":["\\u00e9"]} — é';
    const ciphertext = await encryptWithPassword(plaintext, password);
    expect(ciphertext).toMatch(/^def50200[0-9a-f]+$/);
    expect(readmeDecrypt(ciphertext, password)).toBe(plaintext);
  });
});

const app = useTestApp({
  env: {
    APP_KEY: tokens.app_key,
    PASSPORT_PRIVATE_KEY: read("oauth-private.key"),
    PASSPORT_PUBLIC_KEY: read("oauth-public.key"),
  },
});

/** The Passport 13 database: its users 1 and 2, its clients, and the rows of the tokens it issued. */
async function passportDatabase() {
  app.setNow(new Date(tokens.generated_at_unix * 1000 + 5000));
  await app.createUser({ email: "taylor@example.com" });
  await app.createUser({ email: "abigail@example.com" });
  const now = new Date(tokens.generated_at_unix * 1000);
  await app.database.db.insert(oauthClients).values(
    tokens.clients.map((client) => ({
      id: client.id,
      userId: null,
      name: client.name,
      secret: client.stored_secret,
      provider: "users",
      redirectUris: JSON.stringify(client.redirect_uris),
      grantTypes: JSON.stringify(client.grants),
      revoked: false,
      createdAt: now,
      updatedAt: now,
    })),
  );
  for (const { jwt } of Object.values(tokens.access_tokens)) {
    const claims = decodeJwt(jwt);
    const client = String(claims.aud);
    await app.database.db.insert(oauthAccessTokens).values({
      id: String(claims.jti),
      userId: claims.sub === client ? null : Number(claims.sub),
      clientId: client,
      name: null,
      scopes: JSON.stringify(claims.scopes),
      revoked: false,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(Math.floor(Number(claims.exp)) * 1000),
    });
  }
  for (const { payload } of Object.values(tokens.refresh_tokens))
    await app.database.db.insert(oauthRefreshTokens).values({
      id: String(payload.refresh_token_id),
      accessTokenId: String(payload.access_token_id),
      revoked: false,
      expiresAt: new Date(Number(payload.expire_time) * 1000),
    });
}

const postToken = (body: Record<string, string>, headers = {}) =>
  pipelineFetch(app)(`${app.services.env.APP_URL}/oauth/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body: new URLSearchParams(body),
  });

describe("a Passport 13 database moves over", () => {
  it("honours an access token Passport issued: its user is signed in", async () => {
    await passportDatabase();
    const { jwt } = tokens.access_tokens.authorization_code_confidential ?? {
      jwt: "",
    };
    const me = await app.agent().get("/auth/get-auth", { bearer: jwt });
    expect(me.body.authenticated).toBe(true);
    // Its scopes are `read-orders profile`: an app's token sees the name, not the address
    // (decision record 082).
    expect(me.body.user.name).toBeTypeOf("string");
    expect(me.body.user).not.toHaveProperty("email");
    // A forged signature is not.
    const forged = `${jwt.slice(0, -4)}AAAA`;
    const refused = await app.agent().get("/auth/get-auth", { bearer: forged });
    expect(refused.body.authenticated).toBe(false);
  });

  it("redeems a refresh token Passport issued, once; our tokens verify with Passport's public key", async () => {
    await passportDatabase();
    const issued = tokens.refresh_tokens.authorization_code_pkce;
    const as = await discover(app);
    const client = { client_id: String(issued?.payload.client_id) };
    const response = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(
        as,
        client,
        oauth.None(),
        issued?.refresh_token ?? "",
        clientOptions(app),
      ),
    );
    const publicKey = await importSPKI(read("oauth-public.key"), "RS256");
    const { payload, protectedHeader } = await jwtVerify(
      response.access_token,
      publicKey,
      { currentDate: new Date(tokens.generated_at_unix * 1000 + 5000) },
    );
    expect(protectedHeader).toEqual({ typ: "JWT", alg: "RS256" });
    expect(Object.keys(payload)).toEqual([
      "aud",
      "jti",
      "iat",
      "nbf",
      "exp",
      "sub",
      "scopes",
    ]);
    expect(payload).toMatchObject({
      aud: client.client_id,
      sub: "2",
      scopes: ["profile"],
    });
    // Our refresh token opens with the README's procedure under Passport's APP_KEY.
    const appKey = Buffer.from(
      tokens.app_key.slice("base64:".length),
      "base64",
    );
    const opened = JSON.parse(
      readmeDecrypt(response.refresh_token ?? "", appKey),
    ) as Record<string, unknown>;
    expect(Object.keys(opened)).toEqual([
      "client_id",
      "refresh_token_id",
      "access_token_id",
      "scopes",
      "user_id",
      "expire_time",
    ]);
    expect(opened).toMatchObject({
      client_id: client.client_id,
      access_token_id: payload.jti,
      user_id: "2",
    });
    // Passport's token was rotated: presenting it again is league's "revoked".
    const again = await postToken({
      grant_type: "refresh_token",
      client_id: client.client_id,
      refresh_token: issued?.refresh_token ?? "",
    });
    const expected = flow(
      "refresh_token grant re-using the rotated (revoked) refresh token",
    );
    expect(again.status).toBe(expected.status);
    expect(await again.text()).toBe(expected.body);
  });

  it("answers league's exact error bodies", async () => {
    await passportDatabase();
    const billing = tokens.clients.find((client) =>
      client.grants.includes("client_credentials"),
    );
    const cases: [string, Record<string, string>, Record<string, string>?][] = [
      [
        "client_credentials with a wrong client_secret in the body",
        {
          grant_type: "client_credentials",
          client_id: billing?.id ?? "",
          client_secret: "wrong",
        },
      ],
      [
        "client_credentials asking for an undefined scope",
        {
          grant_type: "client_credentials",
          client_id: billing?.id ?? "",
          client_secret: billing?.plain_secret ?? "",
          scope: "launch-missiles",
        },
      ],
      [
        "refresh_token grant with garbage refresh_token",
        {
          grant_type: "refresh_token",
          client_id: billing?.id ?? "",
          client_secret: billing?.plain_secret ?? "",
          refresh_token: "garbage",
        },
      ],
      ["no grant_type at all", {}],
      ["grant_type=urn:example:unknown", { grant_type: "urn:example:unknown" }],
    ];
    // The billing client may refresh for this case only (league checks the grant after the client).
    await app.database.db
      .update(oauthClients)
      .set({ grantTypes: '["client_credentials","refresh_token"]' });
    for (const [how, body] of cases) {
      const expected = flow(how);
      const response = await postToken(body);
      expect({
        how,
        status: response.status,
        body: await response.text(),
      }).toEqual({ how, status: expected.status, body: expected.body });
    }
  });
});
