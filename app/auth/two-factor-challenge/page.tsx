import type { Metadata } from "next";
import { TwoFactorChallengeForm } from "@/components/auth/two-factor-challenge-form";
import { translateForRequest } from "@/lib/runtime/next-adapter";

type Props = {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Two-factor authentication") };
}

/** The second step of a sign-in (Fortify's challenge), carrying login's `redirect`. */
export default async function TwoFactorChallengePage({ searchParams }: Props) {
  const params = await searchParams;
  return (
    <TwoFactorChallengeForm
      redirect={typeof params.redirect === "string" ? params.redirect : null}
      freshSignIn={params.prompt === "login"}
    />
  );
}
