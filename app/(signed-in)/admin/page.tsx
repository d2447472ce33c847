import type { Metadata } from "next";
import { Dashboard } from "@/components/dashboard/dashboard";
import { translateForRequest } from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Dashboard") };
}

export default function DashboardPage() {
  return <Dashboard />;
}
