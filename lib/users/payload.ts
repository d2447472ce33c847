import { z } from "zod";
import { isUploadUri } from "@/lib/uploads/upload-uri";

/**
 * What `users.payload` may hold, for every writer (register, the profile update) and every reader
 * (the screens): known keys only, and an avatar only as an upload of this application. A payload
 * is shown to administrators' browsers, so nothing in it may point them elsewhere or grow without
 * bound. Pure: the screens use `isUploadUri` to decide whether to render an avatar.
 */

const NOT_AN_UPLOAD =
  "The :attribute field must be a file uploaded to this application.";

/** An avatar: the URI the upload route answered. */
export const avatarUri = () =>
  z.string().max(255).refine(isUploadUri, { error: NOT_AN_UPLOAD });

/** The largest payload stored, serialized: well above the known keys, far below abuse. */
export const PAYLOAD_MAX_KILOBYTES = 2;

/** Register's `payload`: the known keys (an unknown one is "prohibited", like any unknown field). */
export const payloadInput = () =>
  z
    .strictObject({ avatar: avatarUri().optional() })
    .refine(
      (payload) =>
        JSON.stringify(payload).length <= PAYLOAD_MAX_KILOBYTES * 1024,
      {
        message:
          "The :attribute field must not be greater than :max kilobytes.",
        params: { max: PAYLOAD_MAX_KILOBYTES },
      },
    );
