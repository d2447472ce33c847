import "server-only";
import { randomUUID } from "node:crypto";
import { toErrorResponse } from "@/lib/server/error-response";
import { finish, openSession, withSessionCookies } from "@/lib/server/pipeline";
import type { Services } from "@/lib/server/services";
import { preflight } from "@/lib/http/cors";

/** docs/contract.md ("Runtime"): `GET /sanctum/csrf-cookie` answers 204 and sets XSRF-TOKEN (and the session cookie). */
export async function csrfCookie(
  request: Request,
  services: Services,
): Promise<Response> {
  if (request.method === "OPTIONS")
    return finish(services, request, preflight(services.cors, request));
  let response: Response;
  try {
    const session = await openSession(request, services);
    response = await withSessionCookies(
      new Response(null, {
        status: 204,
        headers: { "Cache-Control": "no-store, private" },
      }),
      session,
      true,
    );
  } catch (error) {
    // The pipeline's answers (a 503 while starting or without the database), never a 500.
    response = toErrorResponse(error, null, randomUUID());
  }
  return finish(services, request, response);
}
