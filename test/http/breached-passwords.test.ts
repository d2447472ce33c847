import { createHash } from "node:crypto";
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { captureLogs } from "../support/logs";

const app = useTestApp();
const LEAKED =
  "The given password has appeared in a data leak. Please choose a different password.";
// Not on the offline list: only the range API can know it.
const KNOWN_ONLINE = "tidal-kettle-9931";
const SAFE = "quiet-harbour-5820";

const sha1 = (text: string) =>
  createHash("sha1").update(text).digest("hex").toUpperCase();

/** A loopback stand-in for api.pwnedpasswords.com: knows KNOWN_ONLINE, pads every answer. */
type Lookup = { path: string; padding: string | undefined };
let lookups: Lookup[] = [];
let rangeApi = "";
const server = http.createServer((request, response) => {
  lookups.push({
    path: request.url ?? "",
    padding: request.headers["add-padding"] as string | undefined,
  });
  const known = sha1(KNOWN_ONLINE);
  const prefix = (request.url ?? "").split("/").pop() ?? "";
  const rows = ["0000000000000000000000000000000000A:0"];
  if (prefix === known.slice(0, 5)) rows.push(`${known.slice(5)}:3861493`);
  response.writeHead(200, { "content-type": "text/plain" });
  response.end(rows.join("\r\n"));
});
beforeAll(async () => {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  rangeApi = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function guest() {
  const agent = app.agent();
  await agent.csrf();
  return agent;
}

/** The three ways a password is set, each with `password` as the new one. */
const SETTERS = {
  register: async (password: string) =>
    (await guest()).post("/auth/register", {
      name: "New",
      email: `new-${Math.random().toString(36).slice(2)}@example.com`,
      password,
      password_confirmation: password,
    }),
  "update-password": async (password: string) => {
    const agent = await signIn(app, await app.createUser());
    return agent.post("/auth/update-password", {
      old_password: PASSWORD,
      password,
      password_confirmation: password,
    });
  },
  "reset-password": async (password: string) => {
    const user = await app.createUser();
    await (await guest()).post("/auth/forgot-password", { email: user.email });
    const link = /reset-password\/([^/\s]+)\//.exec(
      (await app.lastMailTo(user.email)).text,
    );
    return (await guest()).post("/auth/reset-password", {
      token: decodeURIComponent(link?.[1] ?? ""),
      email: user.email,
      password,
      password_confirmation: password,
    });
  },
};

const useRangeApi = (url = rangeApi) =>
  app.configure({
    auth: {
      password: { uncompromised: true },
      "pwned-passwords": { url, "timeout-ms": 1000 },
    },
  });

describe.each(Object.entries(SETTERS))(
  "breached passwords on %s (decision record 089)",
  (_name, setPassword) => {
    it("refuses a password of the offline list, in any case, with Laravel's message", async () => {
      lookups = [];
      for (const password of ["password123", "Sunshine1"]) {
        const response = await setPassword(password);
        expect(response.status, password).toBe(422);
        expect(response.body.errors).toEqual({ password: [LEAKED] });
      }
      expect(lookups).toEqual([]);
    });

    it("asks the range API only when password.uncompromised is on", async () => {
      lookups = [];
      expect([200, 201]).toContain((await setPassword(KNOWN_ONLINE)).status);
      expect(lookups).toEqual([]);
    });

    it("refuses a password the range API knows, sending only five hex characters of its SHA-1", async () => {
      useRangeApi();
      lookups = [];
      const response = await setPassword(KNOWN_ONLINE);
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ password: [LEAKED] });
      expect(lookups).toEqual([
        { path: `/range/${sha1(KNOWN_ONLINE).slice(0, 5)}`, padding: "true" },
      ]);
    });

    it("accepts a password the range API does not know", async () => {
      useRangeApi();
      expect([200, 201]).toContain((await setPassword(SAFE)).status);
    });

    it("accepts the password and logs a warning when the range API is unreachable", async () => {
      const closed = http.createServer();
      closed.listen(0, "127.0.0.1");
      await once(closed, "listening");
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      useRangeApi(`http://127.0.0.1:${port}`);
      const logs = captureLogs("warn");
      try {
        expect([200, 201]).toContain((await setPassword(KNOWN_ONLINE)).status);
      } finally {
        logs.restore();
      }
      expect(logs.text()).toContain("pwned passwords unreachable");
    });
  },
);

describe("the offline list among the other rules", () => {
  it("is checked only once the other rules pass, as Laravel's Password rule does", async () => {
    const response = await SETTERS.register("dragon");
    expect(response.status).toBe(422);
    expect(response.body.errors.password).toEqual([
      "The password field must be at least 8 characters.",
    ]);
  });
});
