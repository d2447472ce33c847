import { z } from "zod";

/**
 * The error bodies every route may answer, for the API description (decision record 020); the
 * successes are the route rows' output schemas (decision record 062).
 */
export const messageSchema = z.looseObject({ message: z.string() });
export const validationErrorSchema = z.looseObject({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
