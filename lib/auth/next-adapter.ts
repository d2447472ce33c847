import "server-only";
import { services } from "@/lib/runtime/services";
import { dispatch } from "@/lib/auth/routes/pipeline";
import { csrfCookie } from "@/lib/auth/csrf-cookie";
import { ORIGINAL_PATH_HEADER } from "@/lib/auth/routes/headers";


/** The App Router's side of the dispatcher: the original path, then the pipeline. */
export async function handleAuthRequest(request: Request): Promise<Response> {
  const path = request.headers.get(ORIGINAL_PATH_HEADER) ?? new URL(request.url).pathname;
  return dispatch(request, path, await services());
}

export async function handleCsrfCookie(request: Request): Promise<Response> {
  return csrfCookie(request, await services());
}
