import "server-only";
import { buildOpenApiDocument } from "@/lib/runtime/openapi/document";
import type { Services } from "@/lib/server/services";

/** GET /api/openapi.json: public (it says nothing the routes do not), readable by another origin's tooling. */
export function openApiResponse(services: Services): Response {
  return Response.json(buildOpenApiDocument(services.config, services.env), {
    headers: {
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Access-Control-Allow-Origin": "*",
    },
  });
}
