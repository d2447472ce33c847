import "server-only";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { activityLog } from "@/db/schema";
import type { Db } from "@/db/client";
import { providerLabel } from "@/lib/auth/social/providers";
import type { Services } from "@/lib/server/services";
import { USER_TYPE } from "@/lib/audit/activity";

/**
 * The social providers an account was made through or signed in with, from the activity log's
 * `registered` and `login` entries, which carry `provider` (lib/auth/social/accounts.ts,
 * lib/auth/endpoints/socialite-callback.ts). Accounts are matched to a provider by address, with
 * no table of links (contract §4 rule 6), so the log is where the fact is kept. Each is named as
 * the login screen's button names it; one no longer configured, by its name.
 */
export async function usedProviders(
  db: Db,
  services: Pick<Services, "providers">,
  userId: number,
): Promise<{ name: string; label: string }[]> {
  const provider = sql<string>`${activityLog.properties}->>'provider'`;
  const rows = await db
    .selectDistinct({ provider })
    .from(activityLog)
    .where(
      and(
        eq(activityLog.subjectType, USER_TYPE),
        eq(activityLog.subjectId, userId),
        inArray(activityLog.event, ["registered", "login"]),
        isNotNull(provider),
      ),
    )
    .orderBy(provider);
  return rows.map(({ provider: name }) => ({
    name,
    label: providerLabel(
      name,
      Object.hasOwn(services.providers, name)
        ? services.providers[name]
        : undefined,
    ),
  }));
}
