import type { Metadata } from "next";
import { TokensPage } from "@/components/tokens/tokens-page";
import { translateForRequest } from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("API tokens") };
}

/** The token screen as a section of the account's settings (decision record 067). */
export default function Page() {
  return <TokensPage />;
}
