import { handleAuthRequest } from "@/lib/auth/next-adapter";

// The hottest path, as a static route: Next resolves a static route faster than the catch-all
// beside it (app/auth/[...path]), which serves the rest of the API the same way.
export const dynamic = "force-dynamic";
export {
  handleAuthRequest as GET,
  handleAuthRequest as POST,
  handleAuthRequest as PUT,
  handleAuthRequest as PATCH,
  handleAuthRequest as DELETE,
  handleAuthRequest as OPTIONS,
};
