import { z } from "zod";

/**
 * Sign-in by an emailed link or code (decision record 088): what a client sends to ask for one
 * and to use it. The link's token alone signs in the browser that asked; another browser sends
 * the code shown in the mail with it; the browser that asked may send its address and the code.
 */
export const passwordlessRequestInput = z.object({
  email: z.string(),
  remember: z.union([z.boolean(), z.literal(0), z.literal(1)]).nullish(),
});

export const passwordlessVerifyInput = z.object({
  token: z.string().nullish(),
  email: z.string().nullish(),
  code: z.string().nullish(),
});
