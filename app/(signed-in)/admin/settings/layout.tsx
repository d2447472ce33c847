import type { ReactNode } from "react";
import { AdminSettingsLayout } from "@/components/admin/settings-page";

export default function Layout({ children }: { children: ReactNode }) {
  return <AdminSettingsLayout>{children}</AdminSettingsLayout>;
}
