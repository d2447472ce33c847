import type { Metadata } from "next";
import { UsersPage } from "@/components/admin/users-page";
import { AdminOnly } from "@/components/shell/admin-only";
import { translateForRequest } from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Users") };
}

export default function Page() {
  return (
    <AdminOnly>
      <UsersPage />
    </AdminOnly>
  );
}
