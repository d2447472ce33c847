import type { Metadata } from "next";
import { WebhooksPage } from "@/components/admin/webhooks-page";
import { AdminOnly } from "@/components/shell/admin-only";
import { translateForRequest } from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Webhooks") };
}

export default function Page() {
  return (
    <AdminOnly>
      <WebhooksPage />
    </AdminOnly>
  );
}
