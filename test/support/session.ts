import { openSession } from "@/lib/server/pipeline";
import type { Agent } from "./agent";
import type { TestApp } from "./app";

/** What the agent's session cookie carries as flash data for the next request (`status`, `errors`). */
export async function flashed(
  app: TestApp,
  agent: Agent,
  key: string,
): Promise<unknown> {
  const name = app.services.env.SESSION_COOKIE;
  const value = agent.cookies.get(name);
  if (!value) return undefined;
  const request = new Request(app.services.env.APP_URL, {
    headers: { cookie: `${name}=${encodeURIComponent(value)}` },
  });
  return (await openSession(request, app.services)).flashed(key);
}

/** The first absolute link of a mail's text, as a path with its query (what a browser would open). */
export function linkIn(text: string): URL {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return new URL(match[0]);
}

/** The sessions list's handle of a session of the agent's user other than its own. */
export async function otherSessionHandle(agent: Agent): Promise<string> {
  const list = (await agent.get("/auth/user/sessions")).body as {
    id: string;
    current: boolean;
  }[];
  return list.find((entry) => !entry.current)?.id ?? "none";
}
