import "server-only";
import { defineFeature } from "@/lib/server/feature";
import { SESSION_CREDENTIALS } from "@/lib/sessions/credentials";
import {
  destroyOtherSessions,
  destroyOwnSession,
  listOwnSessions,
} from "@/lib/sessions/endpoints";

/** The account's browser sessions: list them, end one, end the others (decision record 024). */
export const SESSIONS = defineFeature({
  name: "sessions",
  credentials: SESSION_CREDENTIALS,
  actions: {
    sessions: listOwnSessions,
    "session-destroy": destroyOwnSession,
    "other-browser-sessions": destroyOtherSessions,
  },
});
