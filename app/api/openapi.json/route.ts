import { openApiResponse } from "@/lib/runtime/openapi/serve";
import { services } from "@/lib/runtime/services";

export const dynamic = "force-dynamic";

/** The OpenAPI 3.1 description of the API as configured (decision record 020). */
export async function GET(): Promise<Response> {
  return openApiResponse(await services());
}
