"use client";

import Link from "next/link";
import { useT } from "@/lib/client/i18n";

/** The product mark: a key in a rounded square, and the name. */
export function Brand({
  href = "/admin",
  size = "md",
}: {
  href?: string;
  size?: "md" | "lg";
}) {
  const t = useT();
  const box = size === "lg" ? "size-11 rounded-xl" : "size-8 rounded-lg";
  return (
    <Link href={href} className="inline-flex items-center gap-2.5 rounded-md">
      <span
        className={`${box} inline-flex items-center justify-center bg-indigo-600 text-white shadow-sm`}
      >
        <svg
          className={size === "lg" ? "size-6" : "size-4.5"}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <circle cx="8" cy="15" r="4" />
          <path d="m10.85 12.15 8.65-8.65M18 5l2 2M15 8l2 2" />
        </svg>
      </span>
      <span
        className={`${size === "lg" ? "text-xl" : "text-base"} font-semibold tracking-tight text-zinc-900`}
      >
        {t("Account")}
      </span>
    </Link>
  );
}
