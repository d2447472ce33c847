import type { Metadata } from "next";
import { Suspense } from "react";
import { ConsentScreen } from "@/components/oauth/consent-screen";
import { translateForRequest } from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Authorize an app") };
}

/** Where GET /oauth/authorize sends a browser (decision record 055); the query is the client's. */
export default function Page() {
  return (
    <Suspense>
      <ConsentScreen />
    </Suspense>
  );
}
