import type { ComponentType } from "react";
import { PasskeyStepUp } from "@/components/auth/passkey-step-up";

/** What a way of confirming it is you gets from the step-up dialog. */
export type StepUpMethodProps = {
  /** Call once the server accepted the confirmation: the dialog closes and the waiting calls go again. */
  onConfirmed: () => void;
  /** Another way is being tried: stay disabled meanwhile. */
  busy: boolean;
  /** The account has no password: this is the only way shown, with no "or" above it. */
  alone: boolean;
};

export type StepUpMethod = ComponentType<StepUpMethodProps>;

/**
 * Ways to confirm it is you besides the password, shown under it in the step-up dialog when the
 * server says the account has a passkey (a passkey button goes here). Each renders its own "or"
 * and control, or nothing when this user cannot use it, and reports success through `onConfirmed`.
 */
export const STEP_UP_METHODS: StepUpMethod[] = [PasskeyStepUp];
