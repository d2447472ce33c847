import { ConfigError } from "@/lib/config/errors";

/** The ConfigError `run` throws; any other error is rethrown, and no error fails the test. */
export function configError(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}
