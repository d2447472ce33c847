import { PASSWORD, type TestApp } from "./app";

/** Issues a token through POST /auth/create-token (from a fresh guest session) and returns its plain text. */
export async function createToken(
  app: TestApp,
  email: string,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const agent = app.agent();
  await agent.csrf();
  const response = await agent.post("/auth/create-token", {
    email,
    password: PASSWORD,
    name: "integration",
    ...fields,
  });
  if (response.status !== 200)
    throw new Error(`create-token failed: ${response.status} ${response.text}`);
  return response.body.token as string;
}

export const tokenId = (plain: string) => Number(plain.split("|")[0]);
