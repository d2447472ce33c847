import { asc, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog } from "@/db/schema";
import {
  OAUTH_RESOURCE_DESTROY_ROUTE,
  OAUTH_RESOURCE_STORE_ROUTE,
  OAUTH_RESOURCE_UPDATE_ROUTE,
} from "@/lib/oauth/resource-routes";
import { ADMIN_ACTIVITY_ROUTE } from "@/lib/admin/routes";
import { signIn, useTestApp } from "../support/app";
import { registerClient, signedInAdmin } from "./support";

// An administrator's change of a registered resource is in the activity log, as a setting's or
// a webhook's is (decision record 112); a refused change writes nothing.
const app = useTestApp();

const NOTES = "https://notes.example/api";

const resourceEntries = () =>
  app.database.db
    .select()
    .from(activityLog)
    .where(like(activityLog.event, "oauth-resource-%"))
    .orderBy(asc(activityLog.id));

describe("registered resources in the activity log", () => {
  it("creation, change and deletion are logged with the administrator, the resource and what changed; refusals are not", async () => {
    const { admin, agent } = await signedInAdmin(app);
    const refused = await agent.post(
      "/api/admin/oauth-resources",
      { identifier: NOTES, name: "Notes", scopes: [{ name: "admin" }] },
      { host: OAUTH_RESOURCE_STORE_ROUTE },
    );
    expect(refused.status).toBe(422);
    const someone = await signIn(app, await app.createUser());
    const forbidden = await someone.post(
      "/api/admin/oauth-resources",
      { identifier: NOTES, name: "Notes", scopes: [] },
      { host: OAUTH_RESOURCE_STORE_ROUTE },
    );
    expect(forbidden.status).toBe(403);
    expect(await resourceEntries()).toEqual([]);

    const made = await agent.post(
      "/api/admin/oauth-resources",
      {
        identifier: NOTES,
        name: "Notes API",
        scopes: [{ name: "notes:read", description: "Read your notes" }],
      },
      { host: OAUTH_RESOURCE_STORE_ROUTE },
    );
    expect(made.status).toBe(201);
    const id = String(made.body.resource.id);
    const server = await registerClient(agent, {
      name: "Notes server",
      grant_types: ["client_credentials"],
    });
    const changed = await agent.put(
      `/api/admin/oauth-resources/${id}`,
      {
        name: "Notes",
        scopes: [{ name: "notes:write", description: "Write your notes" }],
        token_minutes: 10,
        exchange_client: server.id,
        exchange_scopes: ["sessions:read"],
      },
      { host: OAUTH_RESOURCE_UPDATE_ROUTE, params: { id } },
    );
    expect(changed.status).toBe(200);
    const deleted = await agent.delete(`/api/admin/oauth-resources/${id}`, {
      host: OAUTH_RESOURCE_DESTROY_ROUTE,
      params: { id },
    });
    expect(deleted.status).toBe(204);

    const entries = await resourceEntries();
    expect(
      entries.map((entry) => [entry.event, entry.causerId, entry.subjectId]),
    ).toEqual([
      ["oauth-resource-created", admin.id, null],
      ["oauth-resource-updated", admin.id, null],
      ["oauth-resource-deleted", admin.id, null],
    ]);
    const before = {
      name: "Notes API",
      scopes: ["notes:read"],
      clients: null,
      token_minutes: null,
      exchange_client: null,
      exchange_scopes: [],
    };
    const after = {
      name: "Notes",
      scopes: ["notes:write"],
      clients: null,
      token_minutes: 10,
      // Who may exchange its tokens, and for what (decision record 115).
      exchange_client: server.id,
      exchange_scopes: ["sessions:read"],
    };
    const common = { resource_id: Number(id), identifier: NOTES };
    expect(entries.map((entry) => entry.properties)).toEqual([
      { ip: "127.0.0.1", ...common, new: before },
      { ip: "127.0.0.1", ...common, old: before, new: after },
      { ip: "127.0.0.1", ...common, old: after },
    ]);
    // The administrators' activity page lists them by their names.
    const page = await agent.get(
      "/api/admin/activity?event=oauth-resource-updated",
      { host: ADMIN_ACTIVITY_ROUTE },
    );
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(1);
  });
});
