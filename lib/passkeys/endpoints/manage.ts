import "server-only";
import { z } from "zod";
import type { Passkey } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import type { Context } from "@/lib/server/context";
import { emit } from "@/lib/server/events";
import { defineEndpoint } from "@/lib/server/endpoint";
import { forbidden, invalid, notFound } from "@/lib/http/errors";
import { IGNORED_FIELDS } from "@/lib/validation/rules";
import { registrationCredentialSchema } from "@/lib/passkeys/credential-input";
import {
  registerPasskey,
  registrationOptions,
} from "@/lib/passkeys/registration";
import {
  deletePasskey,
  findPasskey,
  listPasskeys,
  presentPasskey,
  renamePasskey,
} from "@/lib/passkeys/store";

const passkeyName = () => z.string().trim().min(1).max(255);

/** The `{passkey}` of the path: 404 when there is none, 403 when it is someone else's. */
async function ownPasskey(ctx: Context): Promise<Passkey> {
  const user = ctx.requireUser();
  const id = Number(ctx.params.passkey);
  const passkey =
    Number.isSafeInteger(id) && id > 0 ? await findPasskey(ctx.db, id) : null;
  if (!passkey) throw notFound();
  if (passkey.userId !== user.id) throw forbidden();
  return passkey;
}

/** `GET user/passkeys/options`: registration options for the caller. */
export const passkeyRegistrationOptions = defineEndpoint({
  async run(ctx) {
    return { options: await registrationOptions(ctx, ctx.requireUser()) };
  },
});

/** `GET user/passkeys`: the caller's passkeys. */
export const listOwnPasskeys = defineEndpoint({
  async run(ctx) {
    return {
      passkeys: (await listPasskeys(ctx.db, ctx.requireUser().id)).map(
        presentPasskey,
      ),
    };
  },
});

/** `POST user/passkeys`: verifies and stores a new passkey (laravel/passkeys-server's answer). */
export const storePasskey = defineEndpoint({
  nonJson: "back",
  input: () =>
    z.strictObject({
      name: passkeyName(),
      credential: registrationCredentialSchema,
      ...IGNORED_FIELDS,
    }),
  async run(ctx, input) {
    const passkey = await registerPasskey(
      ctx,
      ctx.requireUser(),
      input.name,
      input.credential,
    );
    ctx.credentialChange = { name: passkey.name };
    return {
      status: "passkey-registered",
      id: String(passkey.id),
      name: passkey.name,
      passkey: presentPasskey(passkey),
    };
  },
});

/** `PUT user/passkeys/{passkey}`: renames one of the caller's passkeys. */
export const updatePasskey = defineEndpoint({
  nonJson: "back",
  input: () => z.strictObject({ name: passkeyName(), ...IGNORED_FIELDS }),
  async run(ctx, input) {
    const user = ctx.requireUser();
    const renamed = await renamePasskey(
      ctx.db,
      await ownPasskey(ctx),
      input.name,
      ctx.now,
    );
    await recordActivity(
      ctx.db,
      {
        event: "passkey-renamed",
        subjectId: user.id,
        ip: ctx.ip,
        properties: { passkey_id: renamed.id, name: renamed.name },
      },
      ctx.now,
    );
    await emit("PasskeyUpdated", { user, passkey: renamed });
    return { passkey: presentPasskey(renamed) };
  },
});

const LAST_WAY_IN =
  "This passkey is the only way into your account. Set a password or add another passkey first.";

/**
 * `DELETE user/passkeys/{passkey}`: behind step-up (its credential class). The password stays; an
 * account without one keeps its last passkey (decision record 107).
 */
export const destroyPasskey = defineEndpoint({
  nonJson: "back",
  async run(ctx) {
    const user = ctx.requireUser();
    const passkey = await ownPasskey(ctx);
    // Deleted by a concurrent request: that one tells the owner.
    ctx.credentialChange = null;
    const outcome = await deletePasskey(ctx.db, passkey);
    if (outcome === "last") throw invalid("passkey", LAST_WAY_IN);
    if (outcome === "deleted") {
      ctx.credentialChange = { name: passkey.name };
      await recordActivity(
        ctx.db,
        {
          event: "passkey-deleted",
          subjectId: user.id,
          ip: ctx.ip,
          properties: { passkey_id: passkey.id, name: passkey.name },
        },
        ctx.now,
      );
      await emit("PasskeyDeleted", { user, passkey });
    }
    return { status: "passkey-deleted" };
  },
});
