"use client";

import { ApiError } from "@/lib/client/api";
import { useT } from "@/lib/client/i18n";
import { tooManyAttemptsMessage } from "@/lib/client/retry-after";
import { Alert } from "@/components/ui/alert";

/**
 * The words for a failed request: when to try again after a 429 (every screen's, decision record
 * 069), the server's message, or words for a failure it did not explain (network down, an HTML page).
 */
export function useErrorMessage(): (error: unknown) => string {
  const t = useT();
  return (error) => {
    if (error instanceof ApiError && error.status === 0)
      return t(
        "The server could not be reached. Check your connection and try again.",
      );
    if (error instanceof ApiError && error.status === 429)
      return tooManyAttemptsMessage(t, error.retryAfterSeconds);
    if (error instanceof ApiError && error.message) return error.message;
    if (error instanceof ApiError && error.status === 403)
      return t("This action is unauthorized.");
    if (error instanceof ApiError && error.status === 404)
      return t("This feature is not available yet.");
    if (error instanceof ApiError && error.status > 0)
      return t("Something went wrong (error :status). Please try again.", {
        status: error.status,
      });
    return t("Something went wrong. Please try again.");
  };
}

/** A visible, announced alert for a failed request; nothing when there is no error. */
export function ErrorAlert({
  error,
  title,
}: {
  error: unknown;
  title?: string;
}) {
  const message = useErrorMessage();
  if (!error) return null;
  return (
    <Alert tone="error" title={title}>
      {message(error)}
    </Alert>
  );
}
