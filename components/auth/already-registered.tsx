"use client";

import Link from "next/link";
import { LINK_CLASSES } from "@/components/auth/auth-card";
import { useT } from "@/lib/client/i18n";

/** Beside a taken address on the register form: its owner's ways in, the address carried over. */
export function AlreadyRegistered({
  email,
  redirect,
}: {
  email: string;
  redirect: string | null;
}) {
  const t = useT();
  const login = new URLSearchParams({ email });
  if (redirect) login.set("redirect", redirect);
  const forgot = new URLSearchParams({ email });
  return (
    <p className="-mt-3 text-sm text-zinc-600">
      {t("Already registered?")}{" "}
      <Link href={`/auth/login?${login}`} className={LINK_CLASSES}>
        {t("Sign in")}
      </Link>{" "}
      {t("or")}{" "}
      <Link href={`/auth/forgot-password?${forgot}`} className={LINK_CLASSES}>
        {t("reset your password")}
      </Link>
      .
    </p>
  );
}
