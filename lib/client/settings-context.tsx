"use client";

import { createContext, type ReactNode, useContext } from "react";
import type { FrontendSettings } from "@/lib/client/frontend-settings";

const SettingsContext = createContext<FrontendSettings | null>(null);

/** The configuration in force (route manifest, password rules, switches), from the server. */
export function SettingsProvider({
  settings,
  children,
}: {
  settings: FrontendSettings;
  children: ReactNode;
}) {
  return (
    <SettingsContext.Provider value={settings}>
      {children}
    </SettingsContext.Provider>
  );
}

export function useSettings(): FrontendSettings {
  const settings = useContext(SettingsContext);
  if (!settings)
    throw new Error("useSettings must be used inside SettingsProvider");
  return settings;
}
