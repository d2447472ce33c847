import "server-only";
import type { HostRoute } from "@/lib/auth/routes/pipeline";
import { updateUser } from "@/lib/users/update-user";

/** PUT /api/app/user/update (app/api/app/user/update/route.ts). */
export const USER_UPDATE_ROUTE: HostRoute = {
  name: "api.app.user.update",
  method: "PUT",
  endpoint: updateUser,
  middleware: ["auth:sanctum"],
};
