import type { Metadata } from "next";
import { Dashboard } from "@/components/dashboard/dashboard";
import { translatedTitle } from "@/lib/auth/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translatedTitle("Dashboard") };
}

export default function DashboardPage() {
  return <Dashboard />;
}
