import "server-only";
import type { HostRoute } from "@/lib/auth/routes/pipeline";
import { updateUser } from "@/lib/users/update-user";

/** PUT /api/app/user/update (app/api/app/user/update/route.ts). */
export const USER_UPDATE_ROUTE: HostRoute = {
  name: "api.app.user.update",
  method: "PUT",
  endpoint: updateUser,
  middleware: ["auth:sanctum"],
  ability: "user:write",
  // A new address or password is proven by a session, never by a token alone (decision record 011).
  sessionOnlyFields: ["email"],
};
