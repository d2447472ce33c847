import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { AppProviders } from "@/components/app-providers";
import {
  frontendSettings,
  translateForRequest,
} from "@/lib/runtime/next-adapter";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const name = await translateForRequest("Account");
  return {
    title: { default: name, template: `%s · ${name}` },
    description: await translateForRequest(
      "Sign in, register and manage your account.",
    ),
  };
}

export const viewport: Viewport = { themeColor: "#4f46e5" };

export default async function RootLayout({
  children,
}: {
  children: ReactNode;
}) {
  const settings = await frontendSettings();
  return (
    <html lang={settings.locale}>
      <body className="min-h-dvh bg-zinc-50 font-sans text-zinc-900 antialiased">
        <AppProviders settings={settings}>{children}</AppProviders>
      </body>
    </html>
  );
}
