import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dispatchHost } from "@/lib/server/pipeline";
import { UPLOAD_FILE_ROUTE, UPLOAD_SHOW_ROUTE } from "@/lib/uploads/routes";
import type { Agent } from "../support/agent";
import { signIn, useTestApp } from "../support/app";

const app = useTestApp();
const PATH = "/api/lu/upload/file";

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44,
  0x52, 1, 2, 3,
]);
const bytesOf = (text: string, tail = [0, 1, 2, 250]) =>
  Uint8Array.from([...[...text].map((c) => c.charCodeAt(0)), ...tail]);
const SAMPLES = {
  png: PNG,
  jpg: Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]),
  gif: bytesOf("GIF89a"),
  webp: bytesOf("RIFF\x10\x00\x00\x00WEBPVP8 "),
};

function form(
  file: Blob | string | null,
  fields: Record<string, string> = { visibility: "public" },
  name = "photo.png",
) {
  const data = new FormData();
  if (typeof file === "string") data.append("file", file);
  else if (file) data.append("file", file, name);
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

const upload = (agent: Agent, data: FormData, options = {}) =>
  agent.upload(PATH, data, { host: UPLOAD_FILE_ROUTE, ...options });
const uploadsDir = () => path.join(app.services.env.DATA_DIR, "uploads");
// DATA_DIR lives as long as the test file: compare what is stored before and after.
const stored = () =>
  existsSync(uploadsDir()) ? readdirSync(uploadsDir()).sort() : [];

async function fetchUpload(name: string): Promise<Response> {
  const request = new Request(
    `${app.services.env.APP_URL}/uploads/${encodeURIComponent(name)}`,
  );
  return dispatchHost(request, UPLOAD_SHOW_ROUTE, app.services, { name });
}

describe("POST /api/lu/upload/file (contract §4 Set photo)", () => {
  it("stores an image under a random name and serves it back as an image", async () => {
    const agent = await signIn(app, await app.createUser());
    const response = await upload(
      agent,
      form(new Blob([PNG], { type: "image/png" })),
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      uri: expect.stringMatching(/^\/uploads\/[A-Za-z0-9_-]{32}\.png$/),
    });
    const name = (response.body.uri as string).slice("/uploads/".length);
    expect(readFileSync(path.join(uploadsDir(), name))).toEqual(
      Buffer.from(PNG),
    );
    const served = await fetchUpload(name);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toContain("max-age=31536000");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it.each(Object.entries(SAMPLES))(
    "recognises %s by its content, whatever the name and declared type",
    async (extension, bytes) => {
      const agent = await signIn(app, await app.createUser());
      const response = await upload(
        agent,
        form(
          new Blob([bytes], { type: "text/plain" }),
          { visibility: "public" },
          "notes.txt",
        ),
      );
      expect(response.status).toBe(200);
      expect(response.body.uri).toMatch(new RegExp(`\\.${extension}$`));
      const served = await fetchUpload(
        (response.body.uri as string).split("/").at(-1) ?? "",
      );
      expect(served.headers.get("content-type")).toBe(
        extension === "jpg" ? "image/jpeg" : `image/${extension}`,
      );
    },
  );

  it("answers 422 on file for a non-image, even one named and declared as an image; nothing is stored", async () => {
    const agent = await signIn(app, await app.createUser());
    const before = stored();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    for (const file of [
      new Blob(["just text"], { type: "image/png" }),
      new Blob([svg], { type: "image/svg+xml" }),
      new Blob([]),
    ]) {
      const response = await upload(agent, form(file));
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        message: "The file field must be an image.",
        errors: { file: ["The file field must be an image."] },
      });
    }
    expect(stored()).toEqual(before);
  });

  it("answers 422 on file past uploads.max-kilobytes, and 413 far past it", async () => {
    app.configure({ auth: { uploads: { "max-kilobytes": 1 } } });
    const agent = await signIn(app, await app.createUser());
    const before = stored();
    const big = new Uint8Array(2048);
    big.set(PNG);
    const response = await upload(agent, form(new Blob([big])));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      file: ["The file field must not be greater than 1 kilobytes."],
    });
    const huge = new Uint8Array(200 * 1024);
    huge.set(PNG);
    expect((await upload(agent, form(new Blob([huge])))).status).toBe(413);
    expect(stored()).toEqual(before);
  });

  it("validates the other fields: file required and a file, visibility public, nothing else", async () => {
    const agent = await signIn(app, await app.createUser());
    expect((await upload(agent, form(null))).body.errors).toEqual({
      file: ["The file field is required."],
    });
    expect((await upload(agent, form("text"))).body.errors).toEqual({
      file: ["The file field must be a file."],
    });
    const wrong = await upload(
      agent,
      form(new Blob([PNG]), { visibility: "private", path: "../x" }),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({
      visibility: ["The selected visibility is invalid."],
      path: ["The path field is prohibited."],
    });
    expect((await upload(agent, form(new Blob([PNG]), {}))).status).toBe(200);
  });

  it("needs a user (401) and the CSRF token (419)", async () => {
    const before = stored();
    const guest = app.agent();
    await guest.csrf();
    expect((await upload(guest, form(new Blob([PNG])))).status).toBe(401);
    const agent = await signIn(app, await app.createUser());
    expect(
      (await upload(agent, form(new Blob([PNG])), { noCsrf: true })).status,
    ).toBe(419);
    expect(stored()).toEqual(before);
  });
});

describe("GET /uploads/<name>", () => {
  it("answers 404 for unknown names and anything that is not an upload name", async () => {
    for (const name of [
      "A".repeat(32) + ".png",
      "../session-secret",
      "..%2Fsession-secret",
      "x.svg",
      "A".repeat(32) + ".png/..",
      "",
    ]) {
      expect((await fetchUpload(name)).status).toBe(404);
    }
  });
});
