import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { translateForRequest } from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Forgot your password?") };
}

type Props = {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** `?email=` starts from an address (the register form's "Already registered?"). */
export default async function ForgotPasswordPage({ searchParams }: Props) {
  const { email } = await searchParams;
  return (
    <ForgotPasswordForm email={typeof email === "string" ? email : null} />
  );
}
