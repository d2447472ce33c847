import type { ReactNode } from "react";
import { AccountSettings } from "@/components/settings/account-settings";

export default function Layout({ children }: { children: ReactNode }) {
  return <AccountSettings>{children}</AccountSettings>;
}
