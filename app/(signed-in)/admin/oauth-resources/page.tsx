import type { Metadata } from "next";
import { ResourcesPage } from "@/components/oauth/resources-page";
import { translateForRequest } from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("API resources") };
}

export default function Page() {
  return <ResourcesPage />;
}
