import { listProviders } from "@/lib/auth/social/providers";
import { json } from "@/lib/http/respond";
import { services } from "@/lib/runtime/services";

// The login screen's social buttons: `{providers: [{name, label, driver, url}]}`.
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return json(listProviders(await services()));
}
