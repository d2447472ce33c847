import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/server/endpoint";
import { profileTarget } from "@/lib/users/profile-target";
import { userIdRule } from "@/lib/users/ids";
import { avatarUri } from "@/lib/users/payload";
import { withPendingEmail } from "@/lib/users/pending-email";
import { updateProfile } from "@/lib/users/update-profile";
import { presentUser } from "@/lib/users/users";
import { email, IGNORED_FIELDS } from "@/lib/validation/rules";

/**
 * contract §4 "Profile-related calls": PUT api.app.user.update. Absent fields are left alone
 * ("sometimes"); a present name or email must not be empty; `avatar: ""` removes the photo.
 */
export const updateUser = defineEndpoint({
  input: () =>
    z.strictObject({
      user_id: userIdRule("The :attribute field must be a number."),
      name: z.string().max(255).optional(),
      email: email().optional(),
      // The global input normalization has already turned "" into null.
      avatar: avatarUri().nullish(),
      ...IGNORED_FIELDS,
    }),
  async run(ctx, input) {
    const { user, target } = await profileTarget(ctx, input.user_id);
    const updated = await updateProfile(ctx, user, target, {
      name: input.name,
      email: input.email,
      avatar: input.avatar,
    });
    return {
      success: true,
      user: withPendingEmail(presentUser(updated.user), updated.pendingEmail),
    };
  },
});
