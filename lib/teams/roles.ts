import "server-only";
import { z } from "zod";
import type { AuthConfig } from "@/lib/config/auth";

/**
 * Jetstream's `Rules\Role` (decision record 087): a role is one of the configured keys; anything
 * else is a 422 with Jetstream's own message.
 */
export function roleInput(config: AuthConfig) {
  const keys = new Set(config.teams.roles.map((role) => role.key));
  return z
    .string()
    .min(1)
    .refine((key) => keys.has(key), "The :attribute must be a valid role.");
}

/** The declared roles as Jetstream's team page lists them (`availableRoles`). */
export const presentRoles = (config: AuthConfig) =>
  config.teams.roles.map((role) => ({
    key: role.key,
    name: role.name,
    permissions: [...role.permissions],
    description: role.description,
  }));

/** A team's name: Jetstream's `['required', 'string', 'max:255']`, trimmed as Laravel's middleware trims. */
export const teamName = z.string().trim().min(1).max(255);
