import type { Metadata } from "next";
import { ProfileSection } from "@/components/profile/profile-page";
import {
  flashedMessage,
  translateForRequest,
} from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Profile") };
}

/** The outcome of an email-change link a browser just followed (decision record 012), flashed by the server. */
export default async function Page() {
  const [status, error] = [
    await flashedMessage("status"),
    await flashedMessage("error"),
  ];
  return (
    <ProfileSection
      flashed={{ status: status ?? undefined, error: error ?? undefined }}
    />
  );
}
