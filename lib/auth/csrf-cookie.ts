import "server-only";
import { finish, openSession, withSessionCookies } from "@/lib/auth/routes/pipeline";
import type { Services } from "@/lib/runtime/services";
import { preflight } from "@/lib/http/cors";

/** RUNTIME.md: `GET /sanctum/csrf-cookie` answers 204 and sets XSRF-TOKEN (and the session cookie). */
export async function csrfCookie(request: Request, services: Services): Promise<Response> {
  if (request.method === "OPTIONS") return finish(services, request, preflight(services.cors, request));
  const session = await openSession(request, services);
  const response = await withSessionCookies(new Response(null, { status: 204, headers: { "Cache-Control": "no-store, private" } }), session, true);
  return finish(services, request, response);
}
