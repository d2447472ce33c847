import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SettingsSectionPage } from "@/components/admin/settings-page";
import { translateForRequest } from "@/lib/runtime/next-adapter";
import { SETTINGS_SECTIONS } from "@/lib/settings/sections";

type Props = { params: Promise<{ section: string }> };

const declared = async ({ params }: Props) => {
  const { section } = await params;
  return SETTINGS_SECTIONS.find((candidate) => candidate.id === section);
};

export async function generateMetadata(props: Props): Promise<Metadata> {
  const section = await declared(props);
  return { title: await translateForRequest(section?.title ?? "Settings") };
}

/** One section of the administrators' settings (lib/settings/sections.ts), at its own address. */
export default async function Page(props: Props) {
  const section = await declared(props);
  if (!section) notFound();
  return <SettingsSectionPage section={section} />;
}
