import type { Metadata } from "next";
import { ClientsPage } from "@/components/oauth/clients-page";
import { translateForRequest } from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("OAuth clients") };
}

export default function Page() {
  return <ClientsPage />;
}
