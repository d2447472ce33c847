import type { Metadata } from "next";
import { ProfilePage } from "@/components/profile/profile-page";
import { flashedMessages, translateForRequest } from "@/lib/auth/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Profile") };
}

/** The outcome of an email-change link a browser just followed (decision record 012), flashed by the server. */
export default async function Page() {
  return <ProfilePage flashed={await flashedMessages()} />;
}
