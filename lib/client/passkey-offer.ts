/**
 * The one-time offer to create a passkey after a password sign-in (decision record 026): the sign-in
 * leaves a mark for the next screen (this tab only), and once the offer was answered it is never
 * made again to that user in this browser.
 */
const PENDING_KEY = "passkey-offer";
const ANSWERED_KEY = (userId: number) => `passkey-offer-answered:${userId}`;

/** Called after a password sign-in succeeded. */
export function markPasswordSignIn(): void {
  try {
    window.sessionStorage.setItem(PENDING_KEY, "1");
  } catch {
    // Storage refused (private mode): no offer, nothing lost.
  }
}

/** True once per password sign-in, and only for a user who has not answered the offer here before. */
export function takeOffer(userId: number): boolean {
  try {
    const pending = window.sessionStorage.getItem(PENDING_KEY) === "1";
    window.sessionStorage.removeItem(PENDING_KEY);
    return (
      pending && window.localStorage.getItem(ANSWERED_KEY(userId)) === null
    );
  } catch {
    return false;
  }
}

export function markOfferAnswered(userId: number): void {
  try {
    window.localStorage.setItem(ANSWERED_KEY(userId), "1");
  } catch {
    // As above.
  }
}
