/**
 * The step-up question (decision record 009): every call answered 423 while one question is open
 * waits for that same answer, so several screens asking at once still show one dialog.
 */
export type StepUpController = {
  /** Opens the question (or joins the open one): true once the user confirmed, false when they gave up. */
  ask(): Promise<boolean>;
  /** Closes the question with its answer. */
  settle(confirmed: boolean): void;
  isOpen(): boolean;
  subscribe(listener: () => void): () => void;
};

export function createStepUpController(): StepUpController {
  let answer: ((confirmed: boolean) => void) | null = null;
  let question: Promise<boolean> | null = null;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    ask() {
      if (!question) {
        question = new Promise<boolean>((resolve) => {
          answer = resolve;
        });
        notify();
      }
      return question;
    },
    settle(confirmed) {
      answer?.(confirmed);
      answer = null;
      question = null;
      notify();
    },
    isOpen: () => question !== null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
