import { toNextJsHandler } from "better-auth/next-js";
import { auth } from "../../../../lib/auth.mjs";

export const { GET, POST } = toNextJsHandler(auth);
