import "server-only";
import { and, eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { z } from "zod";
import type { Db } from "@/db/client";
import { oauthClients, oauthClientSettings } from "@/db/schema";
import type { Env } from "@/lib/env";
import { enqueueCompose, WEBHOOK_QUEUE } from "@/lib/mail/queue";
import { log } from "@/lib/observability/request-scope";
import {
  MAX_DELIVERY_ATTEMPTS,
  RETRY_DELAYS_SECONDS,
} from "@/lib/webhooks/deliveries";
import { postWebhook } from "@/lib/webhooks/post";
import { issuer } from "@/lib/oauth/id-token";
import { oauthKeys } from "@/lib/oauth/keys";

/** The job the trigger of 0017_backchannel_logout.sql queues for each client of an ended session. */
export const BACKCHANNEL_LOGOUT_COMPOSER = "backchannel-logout";

/** Back-Channel Logout 1.0 §2.4's event, the one member of a logout token's `events`. */
const BACKCHANNEL_LOGOUT_EVENT =
  "http://schemas.openid.net/event/backchannel-logout";

/** A logout token is good for two minutes (§2.4 asks for a short life): each attempt signs its own. */
const LOGOUT_TOKEN_LIFETIME_SECONDS = 120;

/** What the job carries: `jti` and `attempt` stay with the message across its retries. */
const logoutJobSchema = z.object({
  client_id: z.string(),
  sid: z.string(),
  sub: z.string().nullable(),
  jti: z.string(),
  attempt: z.int().min(0),
});
type LogoutJob = z.infer<typeof logoutJobSchema>;

/** What a delivery runs with; `allowPrivate` is the webhooks' switch, read at each attempt. */
export type LogoutDeps = {
  db: Db;
  env: Env;
  now: () => Date;
  allowPrivate: () => boolean;
};

/**
 * §2.4's logout token: `typ: logout+jwt` (§2.4's explicit typing), signed with the key that signs
 * the ID tokens, for one client, naming the user and the session, with the event and no `nonce`.
 */
async function signLogoutToken(
  deps: LogoutDeps,
  job: LogoutJob,
): Promise<string> {
  const keys = await oauthKeys(deps.env);
  const issuedAt = Math.floor(deps.now().getTime() / 1000);
  const token = new SignJWT({
    sid: job.sid,
    events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
  })
    .setProtectedHeader({ typ: "logout+jwt", alg: "RS256", kid: keys.jwk.kid })
    .setIssuer(issuer(deps))
    .setAudience(job.client_id)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + LOGOUT_TOKEN_LIFETIME_SECONDS)
    .setJti(job.jti);
  if (job.sub !== null) token.setSubject(job.sub);
  return token.sign(keys.privateKey);
}

/** The client's logout URI, while the client is not revoked; null when it registered none. */
async function logoutUriOf(db: Db, clientId: string): Promise<string | null> {
  const [found] = await db
    .select({ uri: oauthClientSettings.backchannelLogoutUri })
    .from(oauthClients)
    .innerJoin(
      oauthClientSettings,
      eq(oauthClientSettings.clientId, oauthClients.id),
    )
    .where(and(eq(oauthClients.id, clientId), eq(oauthClients.revoked, false)))
    .limit(1);
  return found?.uri ?? null;
}

/**
 * The `backchannel-logout` job: one POST of `logout_token` (form-encoded, §2.5) to the client's
 * URI through the webhooks' guarded client (no redirect followed, no private address unless
 * allowed, 10 s). A 2xx is done; anything else is logged and tried again on the webhooks'
 * schedule (decision record 022) until the last attempt. The sign-out that queued it never waits.
 */
export async function deliverLogoutToken(
  deps: LogoutDeps,
  data: Record<string, unknown>,
): Promise<void> {
  const parsed = logoutJobSchema.safeParse(data);
  if (!parsed.success) {
    log().error({ data }, "back-channel logout: a job without its fields");
    return;
  }
  const job = parsed.data;
  const uri = await logoutUriOf(deps.db, job.client_id);
  if (uri === null) return;
  const outcome = await postWebhook(
    uri,
    {
      "user-agent": "next-laravel-auth-backchannel-logout/1",
      "content-type": "application/x-www-form-urlencoded",
    },
    new URLSearchParams({
      logout_token: await signLogoutToken(deps, job),
    }).toString(),
    deps.allowPrivate(),
  );
  if ("status" in outcome && outcome.status >= 200 && outcome.status < 300)
    return;
  const failure =
    "status" in outcome ? `HTTP ${outcome.status}` : outcome.error;
  const attempts = job.attempt + 1;
  const delay = RETRY_DELAYS_SECONDS[job.attempt];
  const context = { client: job.client_id, jti: job.jti, attempts, failure };
  if (attempts >= MAX_DELIVERY_ATTEMPTS || delay === undefined) {
    log().error(
      context,
      "back-channel logout: given up after the last attempt",
    );
    return;
  }
  log().warn(context, `back-channel logout: failed, tried again in ${delay} s`);
  await enqueueCompose(
    deps.db,
    {
      type: "compose",
      composer: BACKCHANNEL_LOGOUT_COMPOSER,
      data: { ...job, attempt: attempts },
    },
    deps.now(),
    { queue: WEBHOOK_QUEUE, delaySeconds: delay },
  );
}
