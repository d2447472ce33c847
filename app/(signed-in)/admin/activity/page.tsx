import type { Metadata } from "next";
import { ActivityPage } from "@/components/admin/activity-page";
import { AdminOnly } from "@/components/shell/admin-only";
import { translateForRequest } from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Activity") };
}

export default function Page() {
  return (
    <AdminOnly>
      <ActivityPage />
    </AdminOnly>
  );
}
