import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { oauthClients, users } from "@/db/schema";
import { createClient } from "@/lib/oauth/clients";
import { createServices } from "@/lib/runtime/services";
import type { Services } from "@/lib/server/services";
import { Agent } from "../support/agent";
import { testEnv } from "../support/app";
import { openTestDatabase } from "../support/database";
import { readPassportFixture } from "../support/passport-fixtures";
import { clientOptions, discover, pipelineFetch } from "./support";

// A database Passport 13 made: its own migrations' tables (generated from the fixture's reading of
// them, ../shared/fixtures/passport/tables.json) and its rows, before this server's migrations run.
const read = readPassportFixture;

type Column = {
  name: string;
  pgsql: string;
  nullable?: boolean;
  primary?: boolean;
  index?: boolean;
  unique?: boolean;
};
type Row = Record<string, string | number | null>;
const tables = JSON.parse(read("tables.json")) as {
  schemas: Record<string, { tables: Record<string, { columns: Column[] }> }>;
  example_rows: Record<string, Record<string, Row[]>>;
};
type Tokens = {
  generated_at_unix: number;
  app_key: string;
  access_tokens: Record<string, { jwt: string }>;
  refresh_tokens: Record<
    string,
    { refresh_token: string; payload: Record<string, unknown> }
  >;
};
const tokens13 = JSON.parse(read("tokens.passport13.json")) as Tokens;
const tokens12 = JSON.parse(read("tokens.passport12.json")) as Tokens;

/** The DDL Laravel's PostgreSQL grammar emits for one of Passport's migrations. */
function passportTable(table: string, columns: Column[]): string[] {
  const body = columns.map(
    (column) =>
      `"${column.name}" ${column.pgsql}${column.nullable ? " null" : " not null"}` +
      (column.primary ? " primary key" : ""),
  );
  const extra = columns.flatMap((column) => [
    ...(column.index
      ? [
          `create index "${table}_${column.name}_index" on "${table}" ("${column.name}")`,
        ]
      : []),
    ...(column.unique
      ? [
          `alter table "${table}" add constraint "${table}_${column.name}_unique" unique ("${column.name}")`,
        ]
      : []),
  ]);
  return [`create table "${table}" (${body.join(", ")})`, ...extra];
}

const literal = (value: string | number | null, column?: Column) => {
  if (value === null) return "null";
  if (column?.pgsql === "boolean") return value ? "true" : "false";
  return `'${String(value).replaceAll("'", "''")}'`;
};

type Passport = {
  schemas: string[];
  rows: string;
  /** Statements run after Passport's migrations, as an upgrade guide's would be. */
  upgrade?: string[];
};

/** Passport's tables and rows, made on the empty database before this server's migrations. */
const passportMade =
  ({ schemas, rows, upgrade = [] }: Passport) =>
  async (database: Database): Promise<void> => {
    const columns = new Map<string, Column[]>();
    for (const name of schemas)
      for (const [table, { columns: list }] of Object.entries(
        tables.schemas[name]?.tables ?? {},
      )) {
        columns.set(table, list);
        for (const statement of passportTable(table, list))
          await database.db.execute(sql.raw(statement));
      }
    for (const statement of upgrade)
      await database.db.execute(sql.raw(statement));
    for (const [table, list] of Object.entries(
      tables.example_rows[rows] ?? {},
    )) {
      if (table.startsWith("_")) continue;
      for (const row of list) {
        const names = Object.keys(row);
        const values = names.map((name) =>
          literal(
            row[name] ?? null,
            columns.get(table)?.find((column) => column.name === name),
          ),
        );
        await database.db.execute(
          sql.raw(
            `insert into "${table}" (${names.map((name) => `"${name}"`).join(", ")}) values (${values.join(", ")})`,
          ),
        );
      }
      // Laravel's inserts took their ids from the sequence; the fixture names them.
      if (columns.get(table)?.some((column) => column.pgsql === "bigserial"))
        await database.db.execute(
          sql.raw(
            `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(trim(id::text)::bigint) from "${table}"))`,
          ),
        );
    }
  };

/** This server, started on a database Passport made; its users 1 and 2 own Passport's tokens. */
type Moved = { database: Database; services: Services };

function movedFrom(passport: Passport, tokens: Tokens): Moved {
  const moved = {} as Moved;
  let dataDir = "";
  beforeAll(async () => {
    moved.database = await openTestDatabase({
      beforeMigrate: passportMade(passport),
    });
    dataDir = mkdtempSync(path.join(tmpdir(), "auth-test-"));
    moved.services = createServices(
      testEnv(dataDir, {
        env: {
          APP_KEY: tokens.app_key,
          PASSPORT_PRIVATE_KEY: read("oauth-private.key"),
          PASSPORT_PUBLIC_KEY: read("oauth-public.key"),
        },
      }),
      { database: moved.database },
    );
    moved.services.now = () => new Date(tokens.generated_at_unix * 1000 + 5000);
    for (const email of ["taylor@example.com", "abigail@example.com"])
      await moved.database.db.insert(users).values({
        name: "Passport User",
        email,
        password: "unused",
        emailVerifiedAt: new Date(),
      });
  });
  afterAll(async () => {
    await moved.database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return moved;
}

/** Redeems Passport's refresh token with oauth4webapi, the client's plain secret from the fixture. */
async function redeem(services: Services, rows: string, tokens: Tokens) {
  const issued = tokens.refresh_tokens.password_user;
  const as = await discover({ services });
  const client = { client_id: String(issued?.payload.client_id) };
  const secrets = tables.example_rows[rows]
    ?._client_plain_secrets as unknown as Record<string, string> | undefined;
  return oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(secrets?.[client.client_id] ?? ""),
      issued?.refresh_token ?? "",
      clientOptions({ services }),
    ),
  );
}

/** Passport's access token signs its user in; its refresh token is redeemed. */
async function honoursPassportTokens(
  moved: Moved,
  rows: string,
  tokens: Tokens,
): Promise<void> {
  const { jwt } = tokens.access_tokens.password_user ?? { jwt: "" };
  const me = await new Agent(moved.services).get("/auth/get-auth", {
    bearer: jwt,
  });
  expect(me.body.user.email).toBe("taylor@example.com");
  const refreshed = await redeem(moved.services, rows, tokens);
  expect(refreshed.refresh_token).toMatch(/^def50200/);
}

const newClient = ({ database, services }: Moved) =>
  createClient(
    { db: database.db, config: services.config, now: services.now() },
    {
      userId: null,
      name: "Made here",
      redirectUris: ["https://app.example.com/callback"],
      grantTypes: ["authorization_code", "refresh_token"],
      confidential: false,
      scopes: null,
    },
  );

describe("this server's migrations on a database Passport 13 made", () => {
  const moved = movedFrom(
    { schemas: ["passport-13", "passport-13-device"], rows: "passport13" },
    tokens13,
  );

  it("keep Passport's tables and rows, and add only the client's allowed scopes", async () => {
    const clients = await moved.database.db
      .select({ id: oauthClients.id, scopes: oauthClients.scopes })
      .from(oauthClients);
    expect(clients.map((client) => client.id).sort()).toEqual(
      (tables.example_rows.passport13?.oauth_clients ?? [])
        .map((row) => String(row.id))
        .sort(),
    );
    expect(clients.every((client) => client.scopes === null)).toBe(true);
  });

  it("honour the access token and redeem the refresh token Passport issued", () =>
    honoursPassportTokens(moved, "passport13", tokens13));

  it("make a new client in Passport's table, whose id has no default there", async () => {
    const { client } = await newClient(moved);
    expect(client.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

// Passport 13's upgrade guide ("Client ID") turns the client id columns into char(36) and keeps
// Passport 12's other columns: the shape of every Passport 12 database that moved to 13.
const CHAR_IDS = [
  `alter table "oauth_clients" alter column "id" drop default`,
  `alter table "oauth_clients" alter column "id" type char(36)`,
  `alter table "oauth_auth_codes" alter column "client_id" type char(36)`,
  `alter table "oauth_access_tokens" alter column "client_id" type char(36)`,
];

const PASSPORT_12_SHAPES = [
  {
    label: "kept by Passport 13's upgrade guide (char(36) ids)",
    upgrade: CHAR_IDS,
    newKey: /^[0-9a-f]{8}-[0-9a-f]{4}-/,
  },
  {
    label: "as Passport 12 made them (integer ids)",
    upgrade: [],
    newKey: /^3$/,
  },
];

for (const { label, upgrade, newKey } of PASSPORT_12_SHAPES)
  describe(`this server's migrations on Passport 12's tables, ${label}`, () => {
    const moved = movedFrom(
      { schemas: ["passport-12"], rows: "passport12", upgrade },
      tokens12,
    );

    it("keep Passport 12's columns and fill Passport 13's as Passport 13 reads them", async () => {
      const list = await moved.database.db
        .select({
          id: sql<string>`trim(${oauthClients.id}::text)`,
          redirect: sql<string>`redirect`,
          redirect_uris: oauthClients.redirectUris,
          password_client: sql<boolean>`password_client`,
          grant_types: oauthClients.grantTypes,
        })
        .from(oauthClients)
        .orderBy(oauthClients.id);
      expect(list).toEqual([
        expect.objectContaining({
          id: "1",
          redirect: "http://localhost",
          redirect_uris: '["http://localhost"]',
          grant_types:
            '["client_credentials", "implicit", "personal_access", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"]',
        }),
        expect.objectContaining({
          id: "2",
          password_client: true,
          grant_types:
            '["client_credentials", "implicit", "password", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"]',
        }),
      ]);
    });

    it("honour the access token and redeem the refresh token Passport 12 issued", () =>
      honoursPassportTokens(moved, "passport12", tokens12));

    it("write a new client in both shapes, keyed as Passport keys its clients", async () => {
      const { client } = await newClient(moved);
      expect(client.id).toMatch(newKey);
      const [row] = await moved.database.db
        .select({
          redirect: sql<string>`redirect`,
          personal_access_client: sql<boolean>`personal_access_client`,
          password_client: sql<boolean>`password_client`,
        })
        .from(oauthClients)
        .where(eq(oauthClients.id, client.id));
      expect(row).toEqual({
        redirect: "https://app.example.com/callback",
        personal_access_client: false,
        password_client: false,
      });
    });

    it("answer a client id of the other kind as an unknown client, never an error", async () => {
      const post = pipelineFetch({ services: moved.services });
      for (const clientId of [
        "9f1c2b0e-2d4b-4c7a-9a57-0d7c2f1e8b11",
        "99999999999999999999",
        "1 or 1=1",
      ]) {
        const response = await post(
          `${moved.services.env.APP_URL}/oauth/token`,
          {
            method: "POST",
            headers: { accept: "application/json" },
            body: new URLSearchParams({
              grant_type: "client_credentials",
              client_id: clientId,
            }),
          },
        );
        const { error } = (await response.json()) as { error?: string };
        expect([clientId, response.status, error]).toEqual([
          clientId,
          401,
          "invalid_client",
        ]);
      }
    });
  });
