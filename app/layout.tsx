import type { Metadata, Viewport } from "next";
import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { AppProviders } from "@/components/app-providers";
import {
  frontendSettings,
  translateForRequest,
} from "@/lib/runtime/next-adapter";
import { explicitTheme, THEME_COOKIE } from "@/lib/client/theme-cookie";
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
  // The scheme chosen in the user menu, on the first paint (decision record 066).
  const theme = explicitTheme((await cookies()).get(THEME_COOKIE)?.value);
  return (
    <html lang={settings.locale} data-theme={theme}>
      <body className="min-h-dvh bg-zinc-50 font-sans text-zinc-900 antialiased">
        <AppProviders settings={settings}>{children}</AppProviders>
      </body>
    </html>
  );
}
