import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PasswordlessConfirm } from "@/components/auth/passwordless-confirm";
import {
  frontendSettings,
  translateForRequest,
} from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Sign in") };
}

type Props = { params: Promise<{ token: string }> };

/** The mailed link's page (decision record 088): it signs in only when its button is pressed. */
export default async function PasswordlessConfirmPage({ params }: Props) {
  if (!(await frontendSettings()).passwordless) notFound();
  const { token } = await params;
  return <PasswordlessConfirm token={token} />;
}
