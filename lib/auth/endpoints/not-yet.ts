import "server-only";
import { defineEndpoint } from "@/lib/auth/routes/endpoint";
import { notFound } from "@/lib/http/errors";

/** Placeholder for actions whose feature module is not wired yet. */
export const notYet = defineEndpoint({
  async run() {
    throw notFound();
  },
});
