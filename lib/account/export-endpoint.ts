import "server-only";
import { defineEndpoint } from "@/lib/server/endpoint";
import { forbidden } from "@/lib/http/errors";
import { exportUserData } from "@/lib/users/export-data";

/** GET /api/app/user/export: "Download my data", a JSON attachment (decision record 021). */
export const exportOwnDataEndpoint = defineEndpoint({
  async run(ctx) {
    const user = ctx.requireUser();
    // An administrator acting as the user holds their session, not their consent to take their data.
    if ((await ctx.session.data())?.impersonate_token)
      throw forbidden("Your data cannot be downloaded while impersonating.");
    const data = await exportUserData(ctx.db, user.id, {
      userClass: ctx.config["user-class"],
      now: ctx.now,
    });
    const day = ctx.now.toISOString().slice(0, 10);
    return new Response(`${JSON.stringify(data, null, 2)}\n`, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="my-data-${day}.json"`,
        "Cache-Control": "no-store, private",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
});
