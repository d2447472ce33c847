import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, desc } from "drizzle-orm";
import { activityLog, oauthClients, oauthResources } from "@/db/schema";
import { type CliTarget, createCliTarget, runCli } from "./run-cli";

// oauth:resource:create, :list and :delete run in this process as `npm run auth` runs them
// (test/cli/run-cli.ts): the rows the administrators' routes write (decision record 101).
let target: CliTarget;
const cli = (args: string[]) => runCli(target.env, args);

beforeAll(async () => {
  target = await createCliTarget();
});
afterAll(async () => {
  await target?.dispose();
});

describe("npm run auth -- oauth:resource:*", () => {
  it("creates, lists and deletes a registered resource; bad input refused with the API's messages", async () => {
    const created = await cli([
      "oauth:resource:create",
      "https://mcp.example/mcp",
      "Notes MCP",
      "--scope",
      "notes:read=Read your notes",
      "--scope",
      "notes:write",
      "--token-minutes",
      "15",
    ]);
    expect([created.status, created.stderr, created.stdout]).toEqual([
      0,
      "",
      "1\n",
    ]);
    const database = target.open();
    try {
      const [row] = await database.db.select().from(oauthResources);
      expect(row).toMatchObject({
        identifier: "https://mcp.example/mcp",
        name: "Notes MCP",
        scopes: [
          { name: "notes:read", description: "Read your notes" },
          { name: "notes:write", description: "notes:write" },
        ],
        allowedClients: null,
        accessTokenMinutes: 15,
      });
    } finally {
      await database.close();
    }

    const listed = await cli(["oauth:resource:list"]);
    expect(listed.stdout).toBe(
      "1\thttps://mcp.example/mcp\tNotes MCP\tnotes:read notes:write\tany client\t15 minutes\tno exchange\n",
    );

    const taken = await cli([
      "oauth:resource:create",
      "https://mcp.example/mcp/",
      "Again",
    ]);
    expect([taken.status, taken.stderr]).toEqual([
      1,
      "The identifier has already been taken.\n",
    ]);
    const insecure = await cli([
      "oauth:resource:create",
      "http://mcp.example/mcp",
      "Plain",
      "--client",
      "nobody",
    ]);
    expect(insecure.status).toBe(1);
    expect(insecure.stderr).toContain("https");
    const unknownClient = await cli([
      "oauth:resource:create",
      "https://other.example",
      "Other",
      "--client",
      "nobody",
    ]);
    expect([unknownClient.status, unknownClient.stderr]).toEqual([
      1,
      "The client nobody does not exist.\n",
    ]);

    const deleted = await cli([
      "oauth:resource:delete",
      "https://mcp.example/mcp",
    ]);
    expect([deleted.status, deleted.stdout]).toEqual([
      0,
      "Deleted the resource https://mcp.example/mcp.\n",
    ]);
    const missing = await cli(["oauth:resource:delete", "1"]);
    expect([missing.status, missing.stderr]).toEqual([
      1,
      "There is no resource 1.\n",
    ]);
    expect((await cli(["oauth:resource:list"])).stdout).toBe("");

    // In the activity log as an administrator's change is, from the command line (decision record 112).
    const log = target.open();
    try {
      const entries = await log.db
        .select()
        .from(activityLog)
        .orderBy(asc(activityLog.id));
      expect(
        entries.map((entry) => [
          entry.event,
          entry.causerId,
          entry.properties?.ip,
          entry.properties?.identifier,
        ]),
      ).toEqual([
        ["oauth-resource-created", null, "cli", "https://mcp.example/mcp"],
        ["oauth-resource-deleted", null, "cli", "https://mcp.example/mcp"],
      ]);
    } finally {
      await log.close();
    }
  });

  it("sets a resource's exchange rights on create, replaces them with update, lists them (decision record 115)", async () => {
    const database = target.open();
    const server = crypto.randomUUID();
    try {
      await database.db.insert(oauthClients).values({
        id: server,
        name: "MCP server",
        secret: "a secret the test never uses",
        redirectUris: "[]",
        grantTypes: '["client_credentials"]',
        revoked: false,
      });
    } finally {
      await database.close();
    }
    const created = await cli([
      "oauth:resource:create",
      "https://mcp.example/exchange",
      "Exchange MCP",
      "--exchange-client",
      server,
      "--exchange-scope",
      "sessions:read",
      "--exchange-scope",
      "admin",
    ]);
    expect([created.status, created.stderr]).toEqual([0, ""]);
    const id = created.stdout.trim();
    const star = await cli([
      "oauth:resource:update",
      id,
      "--exchange-client",
      server,
      "--exchange-scope",
      "*",
    ]);
    expect([star.status, star.stderr]).toEqual([
      1,
      "The scope * cannot be exchanged.\n",
    ]);
    expect((await cli(["oauth:resource:list"])).stdout).toContain(
      `\texchange by ${server}: sessions:read admin\n`,
    );
    const updated = await cli([
      "oauth:resource:update",
      "https://mcp.example/exchange",
      "--name",
      "Renamed",
      "--exchange-client",
      server,
      "--exchange-scope",
      "sessions:read",
    ]);
    expect([updated.status, updated.stdout]).toEqual([
      0,
      "Updated the resource https://mcp.example/exchange.\n",
    ]);
    expect((await cli(["oauth:resource:list"])).stdout).toContain(
      `\tRenamed\t-\tany client\tdefault life\texchange by ${server}: sessions:read\n`,
    );
    const cleared = await cli(["oauth:resource:update", id]);
    expect(cleared.status).toBe(0);
    expect((await cli(["oauth:resource:list"])).stdout).toContain(
      "\tRenamed\t-\tany client\tdefault life\tno exchange\n",
    );
    const log = target.open();
    try {
      const [last] = await log.db
        .select()
        .from(activityLog)
        .orderBy(desc(activityLog.id))
        .limit(1);
      expect(last?.properties).toMatchObject({
        old: { exchange_client: server, exchange_scopes: ["sessions:read"] },
        new: { exchange_client: null, exchange_scopes: [] },
      });
    } finally {
      await log.close();
    }
  });
});
