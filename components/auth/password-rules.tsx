"use client";

import { useT } from "@/lib/client/i18n";
import { useSettings } from "@/lib/client/settings-context";

/** The password rules in force, shown before the user types (the server checks them). */
export function PasswordRules() {
  const t = useT();
  const { password } = useSettings();
  const rules = [
    t("At least :count characters", { count: password.length }),
    ...(password.uppercase ? [t("At least one uppercase letter")] : []),
    ...(password.number ? [t("At least one number")] : []),
  ];
  return (
    <div>
      <span>{t("Your password needs:")}</span>
      <ul className="mt-1 list-inside list-disc space-y-0.5">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </div>
  );
}
