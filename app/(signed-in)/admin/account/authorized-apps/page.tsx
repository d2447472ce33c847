import type { Metadata } from "next";
import { AuthorizedAppsPage } from "@/components/oauth/authorized-apps-page";
import { translateForRequest } from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Authorized apps") };
}

export default function Page() {
  return <AuthorizedAppsPage />;
}
