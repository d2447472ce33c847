import { z } from "zod";

/** One signed-in browser of a user (`GET user/sessions`, decision record 024); times are ISO 8601. */
export const browserSessionSchema = z.object({
  id: z.string(),
  browser: z.string().nullable(),
  system: z.string().nullable(),
  ip_address: z.string().nullable(),
  signed_in_at: z.string().nullable(),
  last_active: z.string().nullable(),
  method: z.string().nullable(),
  current: z.boolean(),
});

export type BrowserSession = z.output<typeof browserSessionSchema>;

export const browserSessionsSchema = z.array(browserSessionSchema);
