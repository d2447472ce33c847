import "server-only";
import { openSession, withSessionCookies } from "@/lib/auth/routes/pipeline";
import type { Services } from "@/lib/runtime/services";

/** RUNTIME.md: `GET /sanctum/csrf-cookie` answers 204 and sets XSRF-TOKEN (and the session cookie). */
export async function csrfCookie(request: Request, services: Services): Promise<Response> {
  const session = await openSession(request, services);
  return withSessionCookies(new Response(null, { status: 204, headers: { "Cache-Control": "no-store, private" } }), session, true);
}
