import { handleCsrfCookie } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export { handleCsrfCookie as GET, handleCsrfCookie as OPTIONS };
