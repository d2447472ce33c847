import type { ReactNode } from "react";
import { Brand } from "@/components/brand";
import { LanguageSwitch } from "@/components/shell/language-switch";

/** The signed-out screens: one centered card on a quiet background. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-indigo-50 via-zinc-50 to-zinc-50">
      <header className="flex justify-center px-4 pt-12 pb-6 sm:pt-16">
        <Brand size="lg" />
      </header>
      <main className="flex flex-1 justify-center px-4 pb-12">
        <div className="w-full max-w-md">{children}</div>
      </main>
      <footer className="flex justify-center px-4 pb-8">
        <LanguageSwitch className="w-40" />
      </footer>
    </div>
  );
}
