import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { type Team, type TeamInvitation, teamInvitations } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { enqueueMail } from "@/lib/mail/queue";
import { mailQueueKey } from "@/lib/crypto/secrets";
import { notFound } from "@/lib/http/errors";
import { signLaravelUrl } from "@/lib/crypto/laravel-signed-urls";
import { teamInvitationMail } from "@/lib/teams/invitation-mail";

/**
 * The acceptance link as Jetstream mails it: `URL::signedRoute('team-invitations.accept')`, no
 * `expires` of its own (the invitation's age decides, `teams.invitation-days`), signed under
 * APP_KEY over APP_URL's absolute URL, so a link mailed by the Laravel application still opens.
 */
export function invitationUrl(ctx: Context, invitationId: number): string {
  const base = ctx.env.APP_URL ?? ctx.url.origin;
  return signLaravelUrl(
    ctx.env,
    `${base.replace(/\/+$/, "")}/team-invitations/${invitationId}`,
  );
}

/** Has the invitation outlived `teams.invitation-days`? */
export function invitationExpired(
  invitation: TeamInvitation,
  days: number,
  now: Date,
): boolean {
  const made = invitation.createdAt?.getTime() ?? 0;
  return made + days * 86_400_000 <= now.getTime();
}

/** `TeamInvitation::whereKey(…)->firstOrFail()`, its row locked for the transaction (404 when gone). */
export async function lockInvitation(
  tx: Pick<Db, "select">,
  id: number,
): Promise<TeamInvitation> {
  const [invitation] = await tx
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.id, id))
    .for("update");
  if (!invitation) throw notFound();
  return invitation;
}

/** The team's pending invitation to `email`, whatever its case. */
export async function invitationTo(
  db: Pick<Db, "select">,
  teamId: number,
  email: string,
): Promise<TeamInvitation | null> {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        sql`lower(${teamInvitations.email}) = lower(${email})`,
      ),
    );
  return row ?? null;
}

/** `InviteTeamMember`: the row, and its mail queued in the same transaction. */
export async function invite(
  ctx: Context,
  tx: Pick<Db, "insert">,
  team: Team,
  email: string,
  role: string,
): Promise<TeamInvitation> {
  const [invitation] = await tx
    .insert(teamInvitations)
    .values({
      teamId: team.id,
      email,
      role,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!invitation) throw new Error("invitation insert returned no row");
  const days = ctx.config.teams["invitation-days"];
  const message = teamInvitationMail(
    ctx.locale,
    email,
    team.name,
    invitationUrl(ctx, invitation.id),
    days,
  );
  await enqueueMail(tx, message, ctx.now, mailQueueKey(ctx.env.SESSION_SECRET));
  return invitation;
}

export function presentInvitation(row: TeamInvitation) {
  return {
    id: row.id,
    team_id: row.teamId,
    email: row.email,
    role: row.role,
    created_at: row.createdAt?.toISOString() ?? null,
    updated_at: row.updatedAt?.toISOString() ?? null,
  };
}
