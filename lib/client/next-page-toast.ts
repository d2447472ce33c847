/**
 * A confirmation to show after a full page load (returning from acting as someone reloads the
 * application): kept in sessionStorage, an English message key the toaster translates.
 */
const KEY = "next-page-toast";

export function toastOnNextPage(message: string): void {
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    // Storage refused (private mode): the confirmation is only a nicety.
  }
}

export function takeNextPageToast(): string | null {
  try {
    const message = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return message;
  } catch {
    return null;
  }
}
