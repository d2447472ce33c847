"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { safeRedirect } from "@/lib/client/safe-redirect";
import { useSession } from "@/lib/client/use-session";

/** Signed-out screens are for guests: a signed-in visitor goes on to where they were headed. */
export function RedirectIfSignedIn({ redirect }: { redirect: string | null }) {
  const session = useSession();
  const router = useRouter();
  const isSignedIn = session.data?.authenticated === true;
  useEffect(() => {
    if (isSignedIn) router.replace(safeRedirect(redirect));
  }, [isSignedIn, redirect, router]);
  return null;
}
