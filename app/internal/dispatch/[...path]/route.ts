import { handleAuthRequest } from "@/lib/auth/next-adapter";

// Every /auth/* API call arrives here through proxy.ts; the pipeline decides everything else.
export const dynamic = "force-dynamic";
export {
  handleAuthRequest as GET,
  handleAuthRequest as POST,
  handleAuthRequest as PUT,
  handleAuthRequest as PATCH,
  handleAuthRequest as DELETE,
  handleAuthRequest as OPTIONS,
};
