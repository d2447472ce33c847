import "server-only";
import { eq } from "drizzle-orm";
import { teamInvitations, teamUser } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import {
  defineEndpoint,
  type Redirect,
  redirectTo,
} from "@/lib/server/endpoint";
import { forbidden, HttpError } from "@/lib/http/errors";
import { TEAM_POLICY } from "@/lib/policies/teams";
import { back, toHome } from "@/lib/teams/answer";
import { invitationExpired, lockInvitation } from "@/lib/teams/invitations";
import { audit } from "@/lib/teams/member-endpoints";
import {
  findTeam,
  membershipOf,
  presentTeam,
  routeKey,
  standingIn,
  teamCounts,
} from "@/lib/teams/store";

export const OTHER_ADDRESS =
  "This invitation was sent to another email address.";
export const EXPIRED = "This invitation has expired.";
export const UNPROVEN =
  "Verify your email address before you accept this invitation.";

/** The screen where a browser that followed a refused invitation link is told why. */
export const INVITATION_SCREEN = "/admin/teams/invitation";

/**
 * A browser arrives from a mail, with no form to go back to: a refused link (another account, an
 * unproven address, expired, already used or cancelled) lands on the invitation screen with the
 * reason flashed as `error` and the link kept, so the screen can offer to sign in as another
 * account and come back. JSON callers get the 403 or 404 itself. As the email change's link
 * (lib/users/email-change-endpoints.ts).
 */
function forBrowser(ctx: Context, error: unknown): Redirect | null {
  if (
    ctx.wantsJson ||
    !(error instanceof HttpError) ||
    (error.status !== 403 && error.status !== 404)
  )
    return null;
  ctx.session.flash(
    "error",
    error.status === 404
      ? ctx.t("This invitation is no longer valid.")
      : ctx.t(error.messageKey, error.replacements),
  );
  const link = `${ctx.url.pathname}${ctx.url.search}`;
  // Laravel's `verified` middleware keeps the link as `url.intended` (Redirect::guest), and
  // Fortify's VerifyEmailController goes on to it: the proof of the address opens it again.
  if (error.messageKey === UNPROVEN) ctx.session.keepIntended(link);
  return redirectTo(`${INVITATION_SCREEN}?link=${encodeURIComponent(link)}`);
}

/**
 * GET /team-invitations/{invitation} (signed): Jetstream's TeamInvitationController::accept, but
 * only for the invited address, proven (decision record 087): the signed-in account's address
 * must be verified and equal the invitation's but for case; nobody is added by holding the link.
 * The row is locked and deleted in one transaction, so a second accept finds nothing (404).
 */
export const acceptInvitation = defineEndpoint({
  async run(ctx) {
    try {
      return await accept(ctx);
    } catch (error) {
      const landing = forBrowser(ctx, error);
      if (landing) return landing;
      throw error;
    }
  },
});

async function accept(ctx: Context) {
  const user = ctx.requireUser();
  if (ctx.impersonatorId !== null)
    throw forbidden(
      "This action is not available while acting as another user.",
    );
  const id = routeKey(ctx.params.invitation);
  const team = await ctx.db.transaction(async (tx) => {
    const invitation = await lockInvitation(tx, id);
    if (invitation.email.toLowerCase() !== user.email.toLowerCase())
      throw forbidden(OTHER_ADDRESS);
    if (user.emailVerifiedAt === null) throw forbidden(UNPROVEN);
    if (
      invitationExpired(
        invitation,
        ctx.config.teams["invitation-days"],
        ctx.now,
      )
    )
      throw forbidden(EXPIRED);
    const team = await findTeam(tx, invitation.teamId, true);
    await tx.delete(teamInvitations).where(eq(teamInvitations.id, id));
    const standing = await standingIn(tx, team, user.id);
    if (standing.kind === "none") {
      // The invitation already held its place under the member limit.
      const counts = await teamCounts(tx, team.id);
      if (
        counts.members + counts.invitations >=
        ctx.config.teams["max-members"]
      )
        throw forbidden("This team has reached its member limit.");
      await tx.insert(teamUser).values({
        teamId: team.id,
        userId: user.id,
        role: invitation.role,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      await audit(
        ctx,
        tx,
        "team-member-added",
        user.id,
        team,
        invitation.role,
        {
          invitation_id: invitation.id,
        },
      );
    }
    return team;
  });
  ctx.session.flash(
    "banner",
    ctx.t("Great! You have accepted the invitation to join the :team team.", {
      team: team.name,
    }),
  );
  const membership = await membershipOf(ctx.db, team.id, user.id);
  return toHome(ctx, { success: true, team: presentTeam(team, membership) });
}

/** DELETE /team-invitations/{invitation}: the team's owner takes an invitation back. */
export const cancelInvitation = defineEndpoint({
  async run(ctx) {
    const user = ctx.requireUser();
    const id = routeKey(ctx.params.invitation);
    await ctx.db.transaction(async (tx) => {
      const invitation = await lockInvitation(tx, id);
      const team = await findTeam(tx, invitation.teamId);
      if (!TEAM_POLICY.removeTeamMember(await standingIn(tx, team, user.id)))
        throw forbidden();
      await tx.delete(teamInvitations).where(eq(teamInvitations.id, id));
      await audit(
        ctx,
        tx,
        "team-invitation-cancelled",
        null,
        team,
        invitation.role,
        {
          invitation_id: invitation.id,
        },
      );
    });
    return back(ctx, { success: true });
  },
});
