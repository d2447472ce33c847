/**
 * The registry's name of the step that asks a route for a solved proof-of-work challenge, placed
 * by the pipeline on the rows that declare `challenge` and registered by lib/auth (decision
 * record 108).
 */
export const CHALLENGE_STEP = "challenge";
