import type { Metadata } from "next";
import { DataSection } from "@/components/profile/profile-page";
import { translateForRequest } from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Your data") };
}

export default function Page() {
  return <DataSection />;
}
