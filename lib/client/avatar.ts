import type { User } from "@/lib/client/contract";
import { isUploadUri } from "@/lib/uploads/upload-uri";

/**
 * contract §2: `payload` may be an object or JSON text; `avatar` is a relative URI. Only an upload
 * of this application is shown: an older row may hold any address, and it must not make an
 * administrator's browser load it.
 */
export function avatarOf(user: Pick<User, "payload">): string | null {
  let payload = user.payload;
  if (typeof payload === "string") {
    try {
      payload = JSON.parse(payload) as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  const avatar = payload?.avatar;
  return isUploadUri(avatar) ? avatar : null;
}
