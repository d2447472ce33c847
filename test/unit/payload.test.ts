import { describe, expect, it } from "vitest";
import { avatarOf } from "@/lib/client/avatar";
import { isUploadUri } from "@/lib/uploads/upload-uri";

const UPLOAD = `/uploads/${"a".repeat(32)}.webp`;

describe("payload avatars (the screens render only uploads of this application)", () => {
  it("accepts exactly the addresses the upload route gives", () => {
    expect(isUploadUri(UPLOAD)).toBe(true);
    for (const value of [
      "https://evil.example/a.png",
      "//evil.example/a.png",
      "/uploads/a.png",
      `/uploads/${"a".repeat(32)}.svg`,
      `/uploads/../${"a".repeat(32)}.png`,
      `${UPLOAD}?x`,
      42,
      null,
    ]) {
      expect(isUploadUri(value), String(value)).toBe(false);
    }
  });

  it("shows no avatar for an older row that points elsewhere, in an object or JSON text", () => {
    expect(avatarOf({ payload: { avatar: UPLOAD } })).toBe(UPLOAD);
    expect(avatarOf({ payload: JSON.stringify({ avatar: UPLOAD }) })).toBe(
      UPLOAD,
    );
    expect(
      avatarOf({ payload: { avatar: "https://tracker.example/pixel.gif" } }),
    ).toBeNull();
    expect(
      avatarOf({
        payload: JSON.stringify({ avatar: "//tracker.example/p.gif" }),
      }),
    ).toBeNull();
  });
});
