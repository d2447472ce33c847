import type { Metadata } from "next";
import { ProfilePage } from "@/components/profile/profile-page";
import { translatedTitle } from "@/lib/auth/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translatedTitle("Profile") };
}

export default function Page() {
  return <ProfilePage />;
}
