import type { Metadata } from "next";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { translateForRequest } from "@/lib/runtime/next-adapter";

type Props = { params: Promise<{ token: string; email: string }> };

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Choose a new password") };
}

// The email arrives URL-encoded in the path (contract §1 frontend.reset-password).
function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export default async function ResetPasswordPage({ params }: Props) {
  const { token, email } = await params;
  return <ResetPasswordForm token={decode(token)} email={decode(email)} />;
}
