import { z } from "zod";
import { hostContract } from "@/lib/contract/route-contract";
import { signedInSchema } from "@/lib/contract/users/user";

/** Whose profile: the caller's own, or (an administrator) another user's. */
const forUser = { user_id: z.int().nullish() };

export const USER_UPDATE = hostContract({
  name: "api.app.user.update",
  path: "/api/app/user/update",
  method: "PUT",
  input: z.object({
    ...forUser,
    name: z.string().optional(),
    email: z.string().optional(),
    avatar: z.string().nullish(),
  }),
  output: signedInSchema,
});
export const EMAIL_CHANGE_RESEND = hostContract({
  name: "api.app.user.email.resend",
  path: "/api/app/user/email/resend",
  method: "POST",
  input: z.object(forUser),
  output: z.object({
    success: z.boolean(),
    status: z.enum(["email-change-link-sent", "no-pending-email"]),
  }),
});
export const EMAIL_CHANGE_CANCEL = hostContract({
  name: "api.app.user.email.cancel",
  path: "/api/app/user/email/cancel",
  method: "POST",
  input: z.object(forUser),
  output: signedInSchema,
});
