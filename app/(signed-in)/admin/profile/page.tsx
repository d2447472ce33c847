import type { Metadata } from "next";
import { ProfilePage } from "@/components/profile/profile-page";
import { translateForRequest } from "@/lib/auth/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Profile") };
}

export default function Page() {
  return <ProfilePage />;
}
