import type { Metadata } from "next";
import { ApiReference } from "@/components/api-reference/api-reference";
import { requestLocale, translateForRequest } from "@/lib/runtime/next-adapter";
import { translate } from "@/lib/i18n/catalog";
import { buildOpenApiDocument } from "@/lib/runtime/openapi/document";
import { services } from "@/lib/runtime/services";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("API reference") };
}

/** The API reference for developers: /api/openapi.json's document, rendered on the server (decision record 020). */
export default async function Page() {
  const locale = await requestLocale();
  const { config, env } = await services();
  return (
    <ApiReference
      document={buildOpenApiDocument(config, env)}
      t={(key) => translate(locale, key)}
    />
  );
}
