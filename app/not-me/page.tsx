import type { Metadata } from "next";
import { NotMeConfirm } from "@/components/auth/not-me-confirm";
import { translateForRequest } from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Was this not you?") };
}

type Props = {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const field = (value: string | string[] | undefined) =>
  typeof value === "string" ? value : "";

/** The new-device mail's "this was not me" link (decision record 095): the server checks its signature. */
export default async function NotMePage({ searchParams }: Props) {
  const { log, session, expires, signature } = await searchParams;
  return (
    <NotMeConfirm
      link={{
        log: field(log),
        session: field(session),
        expires: field(expires),
        signature: field(signature),
      }}
    />
  );
}
