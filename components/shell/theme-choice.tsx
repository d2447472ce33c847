"use client";

import { useState } from "react";
import { ChoiceRow } from "@/components/ui/choice-row";
import { useT } from "@/lib/client/i18n";
import {
  currentTheme,
  saveThemeChoice,
  THEMES,
  type Theme,
} from "@/lib/client/theme-cookie";

const LABELS: Record<Theme, string> = {
  light: "Light",
  dark: "Dark",
  system: "System",
};

/** Light, dark or the device's scheme; rendered only in the open menu, so it reads the page as it is. */
export function ThemeChoice() {
  const t = useT();
  const [theme, setTheme] = useState<Theme>(currentTheme);
  return (
    <ChoiceRow
      label={t("Theme")}
      options={THEMES.map((value) => ({ value, label: t(LABELS[value]) }))}
      value={theme}
      onChoose={(value) => {
        saveThemeChoice(value as Theme);
        setTheme(value as Theme);
      }}
    />
  );
}
