import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/auth/routes/endpoint";
import { notFound } from "@/lib/http/errors";
import { userPolicy } from "@/lib/policies/user-policy";
import { authorize, currentActor, policyTarget } from "@/lib/users/authorize";
import { userIdRule } from "@/lib/users/ids";
import { avatarUri } from "@/lib/users/payload";
import { updateProfile } from "@/lib/users/update-profile";
import { findUserById, presentUser } from "@/lib/users/users";
import { IGNORED_FIELDS } from "@/lib/validation/rules";

/**
 * SPEC.md §4 "Profile-related calls": PUT api.app.user.update. Absent fields are left alone
 * ("sometimes"); a present name or email must not be empty; `avatar: ""` removes the photo.
 */
export const updateUser = defineEndpoint({
  input: () =>
    z.strictObject({
      user_id: userIdRule("The :attribute field must be a number."),
      name: z.string().max(255).optional(),
      email: z.string().max(255).pipe(z.email()).optional(),
      // The global input normalization has already turned "" into null.
      avatar: avatarUri().nullish(),
      ...IGNORED_FIELDS,
    }),
  async run(ctx, input) {
    const { user, actor } = currentActor(ctx);
    const target = await findUserById(ctx.db, input.user_id);
    // Only callers who could update someone else learn whether an id exists.
    if (!target) {
      authorize(userPolicy.update(actor, { id: input.user_id, isAdmin: false }));
      throw notFound();
    }
    // Decision record 011: never another administrator's account, whatever the field.
    authorize(userPolicy.update(actor, policyTarget(ctx, target)));
    const updated = await updateProfile(ctx, user, target, { name: input.name, email: input.email, avatar: input.avatar });
    return { success: true, user: presentUser(updated) };
  },
});
