import type { Metadata } from "next";
import { MailPage } from "@/components/admin/mail-page";
import { AdminOnly } from "@/components/shell/admin-only";
import { translateForRequest } from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Mail") };
}

export default function Page() {
  return (
    <AdminOnly>
      <MailPage />
    </AdminOnly>
  );
}
