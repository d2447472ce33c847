import { handleRewrittenAuthRequest } from "@/lib/auth/next-adapter";

// The API paths no route file serves (another prefix, a POST to a page's path) arrive here
// through proxy.ts's rewrite; the pipeline decides everything else.
export const dynamic = "force-dynamic";
export {
  handleRewrittenAuthRequest as GET,
  handleRewrittenAuthRequest as POST,
  handleRewrittenAuthRequest as PUT,
  handleRewrittenAuthRequest as PATCH,
  handleRewrittenAuthRequest as DELETE,
  handleRewrittenAuthRequest as OPTIONS,
};
