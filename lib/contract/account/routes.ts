import { z } from "zod";
import { hostContract } from "@/lib/contract/route-contract";
import { doneSchema } from "@/lib/contract/users/user";

/** "Download my data" (decision record 021): everything held about the account, stamped. */
export const USER_DATA_EXPORT = hostContract({
  name: "api.app.user.export",
  path: "/api/app/user/export",
  method: "GET",
  output: z.looseObject({ exported_at: z.string() }),
});
/** "Delete my account", with the password as its step-up. */
export const USER_DELETE = hostContract({
  name: "api.app.user.destroy",
  path: "/api/app/user",
  method: "DELETE",
  input: z.object({ password: z.string() }),
  output: doneSchema.extend({ purge_at: z.string() }),
});
