import type { User } from "@/db/schema";
import type { Agent } from "./agent";
import { signIn, type TestApp } from "./app";

/**
 * An administrator's browser, signed in as a new target through an impersonation token requested
 * at 2026-11-22 10:00:00 (the app's clock is fixed there).
 */
export async function impersonating(
  app: TestApp,
  adminEmail: string,
): Promise<{ admin: User; target: User; agent: Agent }> {
  app.setNow(new Date("2026-11-22T10:00:00Z"));
  const admin = await app.createUser({ email: adminEmail, name: "Admin" });
  const target = await app.createUser({
    email: "target@example.com",
    name: "Target",
  });
  const agent = await signIn(app, admin);
  const issued = await agent.post("/auth/impersonate", {
    target_user_id: target.id,
  });
  const used = await agent.get(new URL(issued.body.url as string).pathname);
  if (used.status !== 200) throw new Error(`impersonate-token: ${used.status}`);
  return { admin, target, agent };
}
