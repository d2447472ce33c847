import type { Metadata } from "next";
import { InvitationRefused } from "@/components/teams/invitation-refused";
import {
  flashedMessage,
  translateForRequest,
} from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Team invitation") };
}

/** A refused invitation link's landing: the reason the server flashed, and the link to retry. */
export default async function Page({
  searchParams,
}: {
  searchParams: Promise<{ link?: string | string[] }>;
}) {
  const { link } = await searchParams;
  return (
    <InvitationRefused
      reason={await flashedMessage("error")}
      link={typeof link === "string" ? link : null}
    />
  );
}
