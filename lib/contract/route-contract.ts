import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A success without a body: Fortify's `new JsonResponse('', 200)`, a 201 or a 204. */
export type NoBody = { noBody: 200 | 201 | 204 };

export const noBody = (status: NoBody["noBody"]): NoBody => ({
  noBody: status,
});

/**
 * What a successful call of a route answers (decision record 062): JSON matching a zod schema,
 * no body, a redirect (to a provider, a signed link's screen) or a file the browser downloads (a
 * CSV, an upload). The OpenAPI description, the typed client and the http tests read it.
 */
export type RouteOutput = z.ZodType | NoBody | "redirect" | "file";

/** The part of a route the browser's client may know: its wire shapes, no endpoint. */
export type RouteContract = {
  /** The fields a client sends (a GET's query), as the screens type them; absent for none. */
  input?: z.ZodType;
  output: RouteOutput;
};

/** The contract of a host route at a fixed path (lib/<feature>/schemas/routes.ts), spread into its HostRoute. */
export type HostContract = RouteContract & {
  name: string;
  /** Its path template (`/api/admin/users/{id}`). */
  path: string;
  method: HttpMethod;
};

/** Keeps a host contract's literal name, path and schemas for the client's inference. */
export function hostContract<const C extends HostContract>(contract: C): C {
  return contract;
}
