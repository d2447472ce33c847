import type { Metadata } from "next";
import { SettingsPage } from "@/components/admin/settings-page";
import { AdminOnly } from "@/components/shell/admin-only";
import { translateForRequest } from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Settings") };
}

export default function Page() {
  return (
    <AdminOnly>
      <SettingsPage />
    </AdminOnly>
  );
}
