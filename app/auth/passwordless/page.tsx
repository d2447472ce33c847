import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PasswordlessForm } from "@/components/auth/passwordless-form";
import {
  frontendSettings,
  translateForRequest,
} from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Sign in with an emailed link") };
}

type Props = {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** Decision record 088: only while `features.passwordless` is on. */
export default async function PasswordlessPage({ searchParams }: Props) {
  if (!(await frontendSettings()).passwordless) notFound();
  const { redirect } = await searchParams;
  return (
    <PasswordlessForm
      redirect={typeof redirect === "string" ? redirect : null}
    />
  );
}
