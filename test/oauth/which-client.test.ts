import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog } from "@/db/schema";
import { USER_UPDATE_ROUTE } from "@/lib/users/routes";
import { useTestApp } from "../support/app";
import { sample, scrape } from "../support/metrics-text";
import { userAccessToken } from "./flows";

const app = useTestApp();

const metricsText = async () => (await scrape(app.services)).text();

describe("which OAuth client called", () => {
  it("puts the client id on the activity log's entries and counts the client's requests in /metrics", async () => {
    const { tokens, clientId, user, userAgent } = await userAccessToken(
      app,
      "user:write",
    );
    const before = await metricsText();
    const updated = await app
      .agent()
      .put(
        "/api/app/user/update",
        { user_id: user.id, name: "Ada L." },
        { host: USER_UPDATE_ROUTE, bearer: tokens.access_token },
      );
    expect(updated.status, updated.text).toBe(200);
    const counted = (text: string) =>
      sample(text, "auth_oauth_client_requests_total", { client: clientId });
    expect(counted(await metricsText()) - counted(before)).toBe(1);

    // The same change from the user's own session names no client.
    const bySession = await userAgent.put(
      "/api/app/user/update",
      { user_id: user.id, name: "Ada" },
      { host: USER_UPDATE_ROUTE },
    );
    expect(bySession.status).toBe(200);
    const entries = await app.database.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.event, "user-updated"),
          eq(activityLog.subjectId, user.id),
        ),
      )
      .orderBy(activityLog.id);
    expect(entries.map((entry) => entry.properties?.oauth_client_id)).toEqual([
      clientId,
      undefined,
    ]);
    expect(counted(await metricsText()) - counted(before)).toBe(1);
  });
});
