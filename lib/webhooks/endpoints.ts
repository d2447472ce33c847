import "server-only";
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { type WebhookEndpoint, webhookEndpoints } from "@/db/schema";
import { ACTIVITY_EVENT_NAMES, recordActivity } from "@/lib/audit/activity";
import type { Context } from "@/lib/server/context";
import { defineEndpoint } from "@/lib/server/endpoint";
import { invalid, notFound } from "@/lib/http/errors";
import { IGNORED_FIELDS } from "@/lib/validation/rules";
import {
  bareHost,
  RefusedAddressError,
  resolveAllowed,
} from "@/lib/http/outbound-addresses";
import {
  latestDeliveries,
  listDeliveries,
  presentDelivery,
  queueDelivery,
} from "@/lib/webhooks/deliveries";
import { testEventBody, TEST_EVENT } from "@/lib/webhooks/payload";
import {
  generateWebhookSecret,
  sealWebhookSecret,
  webhookSecretBytes,
  webhookSecretKey,
} from "@/lib/webhooks/secrets";

/** The administration API of webhooks (decision record 022): list, register, delete, test, delivery log. */
const DELIVERY_LOG_LIMIT = 50;

const webhookUrl = z
  .string()
  .max(2048)
  .superRefine((text, issue) => {
    let url: URL | null = null;
    try {
      url = new URL(text);
    } catch {
      // reported below
    }
    if (!url || (url.protocol !== "https:" && url.protocol !== "http:"))
      issue.addIssue({
        code: "custom",
        message: "The :attribute field must be a valid URL.",
      });
    else if (url.username || url.password)
      issue.addIssue({
        code: "custom",
        message: "The :attribute must not contain a user name or password.",
      });
  });

const createInput = z.strictObject({
  url: webhookUrl,
  events: z
    .array(z.enum([...ACTIVITY_EVENT_NAMES, "*"]))
    .min(1)
    .max(ACTIVITY_EVENT_NAMES.length + 1),
  description: z.string().max(255).nullish(),
  secret: z
    .string()
    .max(200)
    .refine(
      (secret) => webhookSecretBytes(secret) !== null,
      "The :attribute must be whsec_ followed by the base64 of 24 to 64 random bytes.",
    )
    .nullish(),
  ...IGNORED_FIELDS,
});

function presentEndpoint(
  endpoint: WebhookEndpoint,
  last: ReturnType<typeof presentDelivery> | null,
) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    active: endpoint.active,
    created_at: endpoint.createdAt.toISOString(),
    last_delivery: last,
  };
}

/** The `{id}` of a webhook route: digits naming an endpoint, else 404. */
async function routeEndpoint(ctx: Context): Promise<WebhookEndpoint> {
  const id = ctx.params.id ?? "";
  if (!/^\d{1,15}$/.test(id)) throw notFound();
  const [endpoint] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, Number(id)))
    .limit(1);
  if (!endpoint) throw notFound();
  return endpoint;
}

/** GET /api/admin/webhooks: the endpoints with their latest delivery, and the events one can choose. */
export const listWebhooks = defineEndpoint({
  async run(ctx) {
    const endpoints = await ctx.db
      .select()
      .from(webhookEndpoints)
      .orderBy(asc(webhookEndpoints.id));
    const latest = await latestDeliveries(
      ctx.db,
      endpoints.map((endpoint) => endpoint.id),
    );
    return {
      data: endpoints.map((endpoint) => {
        const last = latest.get(endpoint.id);
        return presentEndpoint(endpoint, last ? presentDelivery(last) : null);
      }),
      events: [...ACTIVITY_EVENT_NAMES],
      allow_private_addresses: ctx.config.webhooks["allow-private-addresses"],
    };
  },
});

/**
 * POST /api/admin/webhooks {url, events, description?, secret?}: the secret (given, or generated)
 * is answered this once and stored sealed. A host that resolves to a private address is refused
 * unless allowed (it is checked again at each delivery).
 */
export const createWebhook = defineEndpoint({
  input: () => createInput,
  async run(ctx, input) {
    const admin = ctx.requireUser();
    try {
      await resolveAllowed(
        bareHost(new URL(input.url)),
        ctx.config.webhooks["allow-private-addresses"],
      );
    } catch (error) {
      if (error instanceof RefusedAddressError)
        throw invalid(
          "url",
          "The :attribute points to a private, loopback or reserved address.",
        );
      throw invalid("url", "The :attribute host could not be resolved.");
    }
    const secret = input.secret ?? generateWebhookSecret();
    const uuid = randomUUID();
    const events = [...new Set(input.events)];
    const endpoint = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(webhookEndpoints)
        .values({
          uuid,
          url: input.url,
          description: input.description ?? null,
          events,
          secret: sealWebhookSecret(
            webhookSecretKey(ctx.env.SESSION_SECRET),
            secret,
            uuid,
          ),
          createdBy: admin.id,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning();
      if (!created) throw new Error("no endpoint");
      // The URL's host only: a query string may hold a receiver's own token.
      await recordActivity(
        tx,
        {
          event: "webhook-created",
          causerId: admin.id,
          ip: ctx.ip,
          properties: {
            webhook_id: created.id,
            host: new URL(created.url).host,
            events,
          },
        },
        ctx.now,
      );
      return created;
    });
    return { success: true, endpoint: presentEndpoint(endpoint, null), secret };
  },
});

/** DELETE /api/admin/webhooks/{id}: the endpoint and its delivery log; queued attempts are dropped when they run. */
export const deleteWebhook = defineEndpoint({
  async run(ctx) {
    const admin = ctx.requireUser();
    const endpoint = await routeEndpoint(ctx);
    await ctx.db.transaction(async (tx) => {
      await tx
        .delete(webhookEndpoints)
        .where(eq(webhookEndpoints.id, endpoint.id));
      await recordActivity(
        tx,
        {
          event: "webhook-deleted",
          causerId: admin.id,
          ip: ctx.ip,
          properties: {
            webhook_id: endpoint.id,
            host: new URL(endpoint.url).host,
          },
        },
        ctx.now,
      );
    });
    return { success: true };
  },
});

/** POST /api/admin/webhooks/{id}/test: queues a `webhook-test` message; the delivery log shows how it went. */
export const testWebhook = defineEndpoint({
  async run(ctx) {
    const endpoint = await routeEndpoint(ctx);
    const delivery = await queueDelivery(
      ctx.db,
      {
        endpointId: endpoint.id,
        event: TEST_EVENT,
        activityId: null,
        payload: testEventBody(endpoint.id, ctx.now),
      },
      ctx.now,
    );
    ctx.services.wakeWebhookWorker();
    return { success: true, delivery: presentDelivery(delivery) };
  },
});

/** GET /api/admin/webhooks/{id}/deliveries: the newest deliveries, each with its last response. */
export const listWebhookDeliveries = defineEndpoint({
  async run(ctx) {
    const endpoint = await routeEndpoint(ctx);
    return {
      data: (await listDeliveries(ctx.db, endpoint.id, DELIVERY_LOG_LIMIT)).map(
        presentDelivery,
      ),
    };
  },
});
