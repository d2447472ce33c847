"use client";

import { useEffect } from "react";
import { safeRedirect } from "@/lib/http/safe-redirect";
import { useGoAfterSignIn } from "@/lib/client/use-go-after-sign-in";
import { useSession } from "@/lib/client/use-session";

/** Signed-out screens are for guests: a signed-in visitor goes on to where they were headed. */
export function RedirectIfSignedIn({ redirect }: { redirect: string | null }) {
  const session = useSession();
  const goTo = useGoAfterSignIn();
  const isSignedIn = session.data?.authenticated === true;
  useEffect(() => {
    if (isSignedIn) goTo(safeRedirect(redirect));
  }, [isSignedIn, redirect, goTo]);
  return null;
}
