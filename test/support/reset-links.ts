import type { TestApp } from "./app";
import { linkIn } from "./session";

/** Asks for a reset link as a guest and reads it as the reset screen does (contract §4 rule 8). */
export async function requestResetLink(
  app: TestApp,
  email: string,
): Promise<{ token: string; email: string }> {
  const agent = app.agent();
  await agent.csrf();
  await agent.post("/auth/forgot-password", { email });
  const [token = "", encodedEmail = ""] = linkIn(
    (await app.lastMailTo(email)).text,
  )
    .pathname.split("/")
    .slice(-2);
  return {
    token: decodeURIComponent(token),
    email: decodeURIComponent(encodedEmail),
  };
}
