import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { translateForRequest } from "@/lib/runtime/next-adapter";

export default async function NotFound() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-6 text-center">
      <p className="text-sm font-semibold text-indigo-600">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-zinc-900">
        {await translateForRequest("Page not found")}
      </h1>
      <p className="mt-3 text-sm text-zinc-500">
        {await translateForRequest(
          "The page you are looking for does not exist or has moved.",
        )}
      </p>
      <Link href="/admin" className={buttonClasses("primary", "md", "mt-8")}>
        {await translateForRequest("Back to the dashboard")}
      </Link>
    </main>
  );
}
