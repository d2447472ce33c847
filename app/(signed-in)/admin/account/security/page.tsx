import type { Metadata } from "next";
import { SecuritySection } from "@/components/profile/profile-page";
import { translateForRequest } from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Security") };
}

export default function Page() {
  return <SecuritySection />;
}
