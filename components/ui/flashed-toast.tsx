"use client";

import { useEffect, useRef } from "react";
import { useToast } from "@/components/ui/toaster";

/** A status the server flashed for this page (already translated), confirmed once as a toast. */
export function FlashedToast({ message }: { message: string | null }) {
  const toast = useToast();
  const shown = useRef(false);
  useEffect(() => {
    if (!message || shown.current) return;
    shown.current = true;
    toast(message);
  }, [message, toast]);
  return null;
}
