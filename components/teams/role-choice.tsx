"use client";

import { FieldError } from "@/components/ui/field-error";
import type { TeamRole } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";

/**
 * The declared roles (`availableRoles`) as Jetstream's add-member form lists them: each one's name
 * and description, one chosen. A fieldset of radios, so the keyboard moves between them. None is
 * chosen beforehand: the first declared role is usually the most powerful (decision record 100).
 * Names and descriptions go through the messages, as Jetstream's `Role` passes them through `__()`.
 */
export function RoleChoice({
  roles,
  error,
}: {
  roles: readonly TeamRole[];
  error?: string;
}) {
  const t = useT();
  return (
    <fieldset aria-describedby={error ? "team-role-error" : undefined}>
      <legend className="text-sm font-medium text-zinc-800">{t("Role")}</legend>
      <div className="mt-1.5 divide-y divide-zinc-200 rounded-lg ring-1 ring-zinc-300">
        {roles.map((role) => (
          <label
            key={role.key}
            className="flex cursor-pointer items-start gap-3 px-3 py-2.5 has-checked:bg-indigo-50"
          >
            <input
              type="radio"
              name="role"
              value={role.key}
              className="mt-0.5 size-4 accent-indigo-600"
            />
            <span className="min-w-0">
              <span className="block text-sm font-medium text-zinc-900">
                {t(role.name)}
              </span>
              <span className="block text-xs text-zinc-600">
                {t(role.description)}
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id="team-role-error" error={error} />
    </fieldset>
  );
}
