import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { oauthDeviceCodes } from "@/db/schema";
import { deriveKey } from "@/lib/crypto/secrets";
import { sealValue, unsealValue } from "@/lib/crypto/sealed";
import { notFound, unauthenticated } from "@/lib/http/errors";
import { json, redirect } from "@/lib/http/respond";
import type { Context } from "@/lib/server/context";
import { defineEndpoint, type Endpoint } from "@/lib/server/endpoint";
import { IGNORED_FIELDS } from "@/lib/validation/rules";
import { findClient } from "@/lib/oauth/clients";
import {
  consentPage,
  isPageNavigation,
  OAUTH_SCREENS,
} from "@/lib/oauth/consent-page";
import {
  deviceCodeResources,
  normalizeUserCode,
  pendingDeviceCode,
} from "@/lib/oauth/device-codes";
import { consentExchanges } from "@/lib/oauth/exchange-rights";
import { DEVICE_PATHS } from "@/lib/oauth/paths";
import { toPublicPath } from "@/lib/oauth/path-prefix";
import { readScopes, SCOPES } from "@/lib/oauth/scopes";
import {
  registeredResourcesNamed,
  requireStepUpToApprove,
  resourceScopeDescriptions,
} from "@/lib/oauth/resource-consent";

const CONSENT_SECONDS = 600;
/** Where the device's consent is answered, as the browser sees it (`oauth.path`). */
const consentPath = (ctx: Context) =>
  toPublicPath(DEVICE_PATHS.authorize, ctx.config.oauth.path);
const sealPassword = (ctx: Context) =>
  deriveKey(ctx.env.SESSION_SECRET, "oauth-device-authorization");
/** What the approval hands over: the scopes, and the resources whose servers may exchange (STEP_UP_SCOPES). */
type Sealed = {
  device: string;
  user: number;
  session: string;
  scopes: string[];
  resources: string[];
  /** The client's name, for the owner's notice once approved. */
  clientName?: string;
};

const html = (body: string) =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Connect a device</title></head><body><main>${body}</main></body></html>`,
    {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-store, private",
      },
    },
  );

/**
 * GET /oauth/device (`passport.device`): the user-code entry screen; with `user_code` (the
 * verification_uri_complete) it goes straight to the consent.
 */
export const deviceEntryEndpoint: Endpoint = defineEndpoint({
  nonJson: "json",
  async run(ctx) {
    const code = normalizeUserCode(ctx.url.searchParams.get("user_code"));
    if (!ctx.wantsJson && isPageNavigation(ctx.request))
      return redirect(
        OAUTH_SCREENS.device + (code ? `?user_code=${code}` : ""),
      );
    const authorize = consentPath(ctx);
    const target = `${authorize}?user_code=${code}`;
    if (code)
      return ctx.wantsJson ? json({ redirect: target }) : redirect(target);
    if (ctx.wantsJson) return json({ authorize, field: "user_code" });
    return html(
      `<h1>Connect a device</h1><form method="get" action="${authorize}"><label for="user_code">Code shown on your device</label> <input id="user_code" name="user_code" autocomplete="off" autocapitalize="characters" required> <button type="submit">Continue</button></form>`,
    );
  },
});

const decisionInput = z.strictObject({
  ...IGNORED_FIELDS,
  auth_token: z.string().max(8192).nullish(),
  user_code: z.string().max(32).nullish(),
  state: z.string().max(2048).nullish(),
  client_id: z.string().max(255).nullish(),
  _method: z.string().max(16).nullish(),
});

async function showDeviceConsent(ctx: Context): Promise<Response> {
  if (!ctx.wantsJson && isPageNavigation(ctx.request))
    return redirect(OAUTH_SCREENS.device + ctx.url.search);
  const user = await ctx.session.user();
  if (!user) {
    if (ctx.wantsJson) throw unauthenticated();
    return redirect(
      `/auth/login?redirect=${encodeURIComponent(consentPath(ctx) + ctx.url.search)}`,
    );
  }
  const row = await pendingDeviceCode(
    ctx,
    normalizeUserCode(ctx.url.searchParams.get("user_code")),
  );
  const client = row ? await findClient(ctx.db, row.clientId) : null;
  if (!row || !client) throw notFound();
  const scopes = readScopes(row.scopes);
  // The resources ride in the device's payload; their copy beside the row is the approval's.
  const resources = await deviceCodeResources(ctx.db, row.id);
  const registered = await registeredResourcesNamed(ctx.db, resources);
  const descriptions = resourceScopeDescriptions(registered);
  const exchanges = consentExchanges(registered);
  const sealed: Sealed = {
    device: row.id,
    user: user.id,
    session: ctx.session.bindingKey(),
    scopes,
    resources,
    clientName: client.name,
  };
  const authToken = await sealValue(sealed, sealPassword(ctx), CONSENT_SECONDS);
  if (ctx.wantsJson)
    return json({
      auth_token: authToken,
      user_code: row.userCode,
      client_id: client.id,
      client: { id: client.id, name: client.name },
      scopes: scopes.map((id) => ({
        id,
        description: SCOPES[id] ?? descriptions[id] ?? id,
      })),
      exchanges,
    });
  return html(
    consentPage({
      action: consentPath(ctx),
      clientName: client.name,
      clientId: client.id,
      scopes,
      descriptions,
      exchanges,
      state: "",
      authToken,
      csrfToken: ctx.session.csrfToken,
      userEmail: user.email,
    }),
  );
}

/**
 * /oauth/device/authorize (`passport.device.authorizations.*`): GET shows the consent for a
 * typed user code to a signed-in session; POST approves (the device's next poll gets tokens),
 * DELETE (or POST with `_method=DELETE`) denies.
 */
export const deviceAuthorizeEndpoint: Endpoint = defineEndpoint({
  input: () => decisionInput,
  nonJson: "json",
  async run(ctx, input) {
    // Its class tells the owner of an approval only (decision record 028).
    ctx.credentialChange = null;
    if (ctx.request.method === "GET" || ctx.request.method === "HEAD")
      return showDeviceConsent(ctx);
    const user = await ctx.session.user();
    if (!user) throw unauthenticated();
    const opened = input.auth_token
      ? ((await unsealValue(
          input.auth_token,
          sealPassword(ctx),
          CONSENT_SECONDS,
        )) as Sealed | null)
      : null;
    // A screen sealed before the resources were (no `scopes`) is answered as an unknown one.
    if (
      !opened ||
      opened.user !== user.id ||
      opened.session !== ctx.session.bindingKey() ||
      !Array.isArray(opened.scopes)
    )
      throw notFound();
    const deny =
      ctx.request.method === "DELETE" ||
      input._method?.toUpperCase() === "DELETE";
    if (!deny)
      await requireStepUpToApprove(ctx, opened.scopes, opened.resources ?? []);
    const answered = await ctx.db
      .update(oauthDeviceCodes)
      .set(
        deny ? { revoked: true } : { userId: user.id, userApprovedAt: ctx.now },
      )
      .where(
        and(
          eq(oauthDeviceCodes.id, opened.device),
          eq(oauthDeviceCodes.revoked, false),
          isNull(oauthDeviceCodes.userApprovedAt),
        ),
      )
      .returning({ id: oauthDeviceCodes.id });
    if (answered.length === 0) throw notFound();
    if (!deny) ctx.credentialChange = { user, name: opened.clientName ?? "" };
    if (ctx.wantsJson) return json({ approved: !deny });
    return html(
      deny
        ? "<h1>Request denied</h1><p>The device was not connected.</p>"
        : "<h1>Device connected</h1><p>You can go back to your device.</p>",
    );
  },
});
