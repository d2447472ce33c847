import type { core } from "zod";

/** A configuration value that cannot be used. The message names the key, so start-up can say what to fix. */
export class ConfigError extends Error {
  constructor(
    readonly key: string,
    detail: string,
    /** The schema's issues, for a caller that words them for a person (lib/settings/setting-issues.ts). */
    readonly issues: readonly core.$ZodIssue[] = [],
  ) {
    super(`${key}: ${detail}`);
    this.name = "ConfigError";
  }

  static fromZod(
    source: string,
    issues: readonly core.$ZodIssue[],
  ): ConfigError {
    const lines = issues.map(
      (issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`,
    );
    const first = issues[0]?.path.join(".") ?? "";
    return new ConfigError(
      first ? `${source} ${first}` : source,
      lines.join("; "),
      issues,
    );
  }
}
