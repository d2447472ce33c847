import type { Metadata } from "next";
import { Suspense } from "react";
import { DeviceScreen } from "@/components/oauth/device-screen";
import { translateForRequest } from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Connect a device") };
}

/** Where GET /oauth/device sends a browser (decision record 055): the code a device shows, then approval. */
export default function Page() {
  return (
    <Suspense>
      <DeviceScreen />
    </Suspense>
  );
}
