import type { ReactNode } from "react";
import { SessionGate } from "@/components/shell/session-gate";

/** Every screen of a signed-in user: session gate (UX only: the API enforces) and the shell. */
export default function SignedInLayout({ children }: { children: ReactNode }) {
  return <SessionGate>{children}</SessionGate>;
}
