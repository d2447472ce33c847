import type { Metadata } from "next";
import { LoginForm } from "@/components/auth/login-form";
import {
  appNameAwaitingSignIn,
  flashedMessage,
  translateForRequest,
} from "@/lib/runtime/next-adapter";

type Props = {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Sign in") };
}

export default async function LoginPage({ searchParams }: Props) {
  const params = await searchParams;
  const redirect = typeof params.redirect === "string" ? params.redirect : null;
  const status = typeof params.status === "string" ? params.status : null;
  const email = typeof params.email === "string" ? params.email : null;
  // A failed social sign-in comes back here with the reason flashed, already translated.
  return (
    <LoginForm
      redirect={redirect}
      status={status}
      email={email}
      freshSignIn={params.prompt === "login"}
      appName={await appNameAwaitingSignIn(redirect)}
      flashedError={await flashedMessage("error")}
    />
  );
}
