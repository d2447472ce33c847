import type { Metadata } from "next";
import { Dashboard } from "@/components/dashboard/dashboard";
import { FlashedToast } from "@/components/ui/flashed-toast";
import {
  flashedMessage,
  translateForRequest,
} from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Dashboard") };
}

/**
 * The dashboard; a browser that just followed its verification link is told so (decision record
 * 070), and one that accepted a team invitation gets Jetstream's `banner` (decision record 105).
 */
export default async function DashboardPage() {
  return (
    <>
      <FlashedToast message={await flashedMessage("status")} />
      <FlashedToast message={await flashedMessage("banner")} />
      <Dashboard />
    </>
  );
}
