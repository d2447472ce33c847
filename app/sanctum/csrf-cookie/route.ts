import { handleCsrfCookie } from "@/lib/auth/next-adapter";

export const dynamic = "force-dynamic";
export { handleCsrfCookie as GET, handleCsrfCookie as OPTIONS };
