import type { Metadata } from "next";
import { RegisterForm } from "@/components/auth/register-form";
import { translateForRequest } from "@/lib/runtime/next-adapter";

type Props = {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Create account") };
}

export default async function RegisterPage({ searchParams }: Props) {
  const { redirect } = await searchParams;
  return (
    <RegisterForm redirect={typeof redirect === "string" ? redirect : null} />
  );
}
