// Pure: the screens use `isUploadUri` to decide whether to render an avatar.

/** The names `storeUpload` gives: 32 URL-safe characters and the detected image type's extension. */
export const UPLOAD_NAME = /^([A-Za-z0-9_-]{32})\.(png|jpg|gif|webp)$/;
export const UPLOADS_PATH = "/uploads/";

/** Whether `value` is the address of a file uploaded to this application (`/uploads/<name>`). */
export function isUploadUri(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.startsWith(UPLOADS_PATH) &&
    UPLOAD_NAME.test(value.slice(UPLOADS_PATH.length))
  );
}
