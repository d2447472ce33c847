import { describe, expect, it } from "vitest";
import { UPLOAD_FILE_ROUTE, UPLOAD_SHOW_ROUTE } from "@/lib/uploads/routes";
import { signIn, useTestApp } from "../support/app";

// Decision record 013: every answer of the pipeline (auth API, host routes, CSRF cookie, uploads,
// errors and redirects alike) carries the browser's defences and a policy that loads nothing.
const app = useTestApp();
const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44,
  0x52, 1, 2, 3,
]);

function expectApiHeaders(label: string, headers: Headers) {
  const seen = Object.fromEntries(
    [
      "x-frame-options",
      "x-content-type-options",
      "referrer-policy",
      "cross-origin-opener-policy",
      "content-security-policy",
    ].map((name) => [name, headers.get(name)]),
  );
  expect([label, seen]).toEqual([
    label,
    {
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "cross-origin-opener-policy": "same-origin",
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    },
  ]);
  expect(headers.get("permissions-policy"), label).toMatch(
    /camera=\(\).*publickey-credentials-get=\(self\)/,
  );
}

describe("security headers on every API answer (decision record 013)", () => {
  it("sets them on successes, errors, redirects, the CSRF cookie, preflights and uploaded files", async () => {
    const guest = app.agent();
    expectApiHeaders("csrf-cookie", (await guest.csrf()).headers);
    expectApiHeaders("get-auth", (await guest.get("/auth/get-auth")).headers);
    expectApiHeaders("404", (await guest.get("/auth/no-such-action")).headers);
    expectApiHeaders("405", (await guest.get("/auth/logout")).headers);
    expectApiHeaders(
      "419",
      (await guest.post("/auth/login", {}, { noCsrf: true })).headers,
    );
    expectApiHeaders(
      "422",
      (await guest.post("/auth/login", { email: "nope" })).headers,
    );
    expectApiHeaders(
      "redirect",
      (await guest.get("/auth/get-auth", { asJson: false })).headers,
    );
    expectApiHeaders(
      "preflight",
      (
        await guest.request("OPTIONS", "/auth/get-auth", {
          headers: {
            origin: "http://localhost:3000",
            "access-control-request-method": "GET",
          },
        })
      ).headers,
    );

    const user = await app.createUser();
    const agent = await signIn(app, user);
    const form = new FormData();
    form.append("file", new Blob([PNG], { type: "image/png" }), "me.png");
    form.append("visibility", "public");
    const uploaded = await agent.upload("/api/lu/upload/file", form, {
      host: UPLOAD_FILE_ROUTE,
    });
    expectApiHeaders("upload", uploaded.headers);
    const name = String(uploaded.body.uri).slice("/uploads/".length);
    const shown = await agent.get(`/uploads/${name}`, {
      host: UPLOAD_SHOW_ROUTE,
      params: { name },
    });
    expect(shown.status).toBe(200);
    expectApiHeaders("uploaded file", shown.headers);
  });

  it("adds Strict-Transport-Security only when APP_URL is https", async () => {
    expect(
      (await app.agent().get("/auth/get-auth")).headers.get(
        "strict-transport-security",
      ),
    ).toBeNull();
    app.configure({ env: { APP_URL: "https://auth.example.test" } });
    expect(
      (await app.agent().get("/auth/get-auth")).headers.get(
        "strict-transport-security",
      ),
    ).toBe("max-age=63072000; includeSubDomains");
  });
});
