"use client";

import type { ReactNode } from "react";
import { ACCOUNT_SECTIONS } from "@/components/settings/account-sections";
import { SettingsLayout } from "@/components/settings/settings-layout";

export function AccountSettings({ children }: { children: ReactNode }) {
  return (
    <SettingsLayout
      title="Account settings"
      description="Manage how you appear and how you sign in."
      sections={ACCOUNT_SECTIONS}
    >
      {children}
    </SettingsLayout>
  );
}
