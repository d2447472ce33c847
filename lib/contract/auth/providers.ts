import { z } from "zod";
import { hostContract } from "@/lib/contract/route-contract";

/** A social login provider as the login screen's buttons show it. */
export const providerSchema = z.object({
  name: z.string(),
  label: z.string(),
  driver: z.string(),
  url: z.string(),
});

/** GET /api/auth/providers (app/api/auth/providers/route.ts), outside the host routes' dispatcher. */
export const PROVIDERS = hostContract({
  name: "api.auth.providers",
  path: "/api/auth/providers",
  method: "GET",
  output: z.object({ providers: z.array(providerSchema) }),
});
