import { z } from "zod";

/**
 * What `users.payload` may hold, for every writer (register, the profile update) and every reader
 * (the screens): known keys only, and an avatar only as an upload of this application. A payload
 * is shown to administrators' browsers, so nothing in it may point them elsewhere or grow without
 * bound. Pure: the screens use `isUploadUri` to decide whether to render an avatar.
 */

/** The names `storeUpload` gives: 32 URL-safe characters and the detected image type's extension. */
export const UPLOAD_NAME = /^([A-Za-z0-9_-]{32})\.(png|jpg|gif|webp)$/;
export const UPLOADS_PATH = "/uploads/";

/** Whether `value` is the address of a file uploaded to this application (`/uploads/<name>`). */
export function isUploadUri(value: unknown): value is string {
  return typeof value === "string" && value.startsWith(UPLOADS_PATH) && UPLOAD_NAME.test(value.slice(UPLOADS_PATH.length));
}

const NOT_AN_UPLOAD = "The :attribute field must be a file uploaded to this application.";

/** An avatar: the URI the upload route answered. */
export const avatarUri = () => z.string().max(255).refine(isUploadUri, { error: NOT_AN_UPLOAD });

/** The largest payload stored, serialized: well above the known keys, far below abuse. */
export const PAYLOAD_MAX_KILOBYTES = 2;

/** Register's `payload`: the known keys (an unknown one is "prohibited", like any unknown field). */
export const payloadInput = () =>
  z
    .strictObject({ avatar: avatarUri().optional() })
    .refine((payload) => JSON.stringify(payload).length <= PAYLOAD_MAX_KILOBYTES * 1024, {
      message: "The :attribute field must not be greater than :max kilobytes.",
      params: { max: PAYLOAD_MAX_KILOBYTES },
    });
