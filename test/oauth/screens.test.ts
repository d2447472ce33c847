import { describe, expect, it } from "vitest";
import {
  DEVICE_AUTHORIZE_ROUTE,
  OAUTH_AUTHORIZE_ROUTE,
  OAUTH_DEVICE_ROUTE,
} from "@/lib/oauth/routes";
import { signIn, useTestApp } from "../support/app";

const app = useTestApp();

/** What a browser sends when it loads an address as a page (Fetch Metadata). */
const NAVIGATION = {
  accept: "text/html,application/xhtml+xml",
  "sec-fetch-mode": "navigate",
  "sec-fetch-dest": "document",
};

// Decision record 055: a browser's own navigation to Passport's consent and device paths gets the
// front end's screens; everything else keeps Passport's answers.
describe("the OAuth screens a browser is sent to", () => {
  it("sends a page navigation to /oauth/authorize to the consent screen, with the client's query", async () => {
    const agent = await signIn(app, await app.createUser());
    const query = "?response_type=code&client_id=x&state=a%20b";
    const page = await agent.get(`/oauth/authorize${query}`, {
      host: OAUTH_AUTHORIZE_ROUTE,
      asJson: false,
      headers: NAVIGATION,
    });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(`/authorize${query}`);
  });

  it("leaves a request without Fetch Metadata to Passport's answer", async () => {
    const agent = await signIn(app, await app.createUser());
    const page = await agent.get("/oauth/authorize?client_id=x", {
      host: OAUTH_AUTHORIZE_ROUTE,
      asJson: false,
      headers: { accept: "text/html" },
    });
    expect(page.headers.get("location") ?? "").not.toMatch(/^\/authorize/);
  });

  it("sends the device paths to the device screen, keeping a typed code", async () => {
    const agent = app.agent();
    const entry = await agent.get("/oauth/device", {
      host: OAUTH_DEVICE_ROUTE,
      asJson: false,
      headers: NAVIGATION,
    });
    expect(entry.headers.get("location")).toBe("/device");
    const complete = await agent.get("/oauth/device?user_code=bcdf-ghjk", {
      host: OAUTH_DEVICE_ROUTE,
      asJson: false,
      headers: NAVIGATION,
    });
    expect(complete.headers.get("location")).toBe("/device?user_code=BCDFGHJK");
    const consent = await agent.get(
      "/oauth/device/authorize?user_code=BCDFGHJK",
      { host: DEVICE_AUTHORIZE_ROUTE, asJson: false, headers: NAVIGATION },
    );
    expect(consent.headers.get("location")).toBe("/device?user_code=BCDFGHJK");
  });

  it("still answers JSON to the screens themselves", async () => {
    const agent = app.agent();
    const entry = await agent.get("/oauth/device", {
      host: OAUTH_DEVICE_ROUTE,
      headers: { "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" },
    });
    expect(entry.status).toBe(200);
    expect(entry.body).toMatchObject({ field: "user_code" });
  });
});
