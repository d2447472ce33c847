"use client";

import { useT } from "@/lib/client/i18n";

/** "or", between one way of doing something and another. */
export function OrDivider() {
  const t = useT();
  return (
    <p className="text-center text-xs font-medium tracking-wide text-zinc-500 uppercase">
      {t("or")}
    </p>
  );
}
