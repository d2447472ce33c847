import { describe, expect, it } from "vitest";
import { passkeyChallenges } from "@/db/schema";
import { prune } from "@/lib/runtime/pruning";
import { useTestApp } from "../support/app";

const app = useTestApp();
const T0 = new Date("2026-11-22T10:00:00Z");

describe("the pruning task and passkey challenges (decision record 025)", () => {
  it("removes a challenge nobody answered once its five minutes are over, not before", async () => {
    app.setNow(T0);
    const agent = app.agent();
    expect((await agent.get("/auth/passkeys/login/options")).status).toBe(200);
    const pruneAt = (now: Date) =>
      prune({
        db: app.database.db,
        config: app.services.config,
        env: app.services.env,
        now,
      });
    expect(
      (await pruneAt(new Date(T0.getTime() + 299_000))).passkey_challenges,
    ).toBe(0);
    expect(await app.database.db.select().from(passkeyChallenges)).toHaveLength(
      1,
    );
    expect(
      (await pruneAt(new Date(T0.getTime() + 301_000))).passkey_challenges,
    ).toBe(1);
    expect(await app.database.db.select().from(passkeyChallenges)).toEqual([]);
  });
});
