import type { Locator, Page } from "@playwright/test";
import type { Locale } from "../../lib/i18n/catalog";
import { translator } from "./translator";

/** The toaster's region (components/ui/toaster.tsx), where completed actions are confirmed. */
export function toasts(page: Page, locale: Locale = "en"): Locator {
  return page.getByRole("region", {
    name: translator(locale)("Notifications"),
  });
}
