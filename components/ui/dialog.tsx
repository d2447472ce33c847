"use client";

import {
  type FormEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
} from "react";

type Props = {
  open: boolean;
  title: string;
  /** Under the title, and what a screen reader reads with it (aria-describedby). */
  description?: ReactNode;
  size?: "md" | "xl";
  /** While an action runs, Escape does not close it (the buttons say the same by being disabled). */
  busy?: boolean;
  onClose: () => void;
  /** When it opens: reset a form, move the focus somewhere other than the first field. */
  onOpen?: () => void;
  /** Makes the body and the buttons one form (Enter submits). */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** The buttons of its footer; null: no footer. */
  actions: ReactNode;
  children?: ReactNode;
};

const WIDTH = { md: "max-w-md", xl: "max-w-xl" } as const;

/**
 * The one modal of the screens, on the native <dialog>: focus is trapped inside, Escape closes,
 * focus returns where it was. Its content exists only while it is open, so a closed dialog's
 * field never answers to a label on the page behind it.
 */
export function Dialog({
  open,
  title,
  description,
  size = "md",
  busy = false,
  onClose,
  onOpen,
  onSubmit,
  actions,
  children,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const opened = useRef(onOpen);
  useEffect(() => {
    opened.current = onOpen;
  });
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      opened.current?.();
    }
    if (!open && element.open) element.close();
  }, [open]);

  const body = (
    <>
      <div className="space-y-4 px-5 pt-6 pb-5 sm:px-6">
        <div>
          <h2 id={titleId} className="text-base font-semibold text-zinc-900">
            {title}
          </h2>
          {description && (
            <div id={descriptionId} className="mt-2 text-sm text-zinc-600">
              {description}
            </div>
          )}
        </div>
        {children}
      </div>
      {/* No footer strip for a dialog whose content carries its own buttons (a new secret's Done). */}
      {actions != null && actions !== false && (
        <div className="flex justify-end gap-3 bg-zinc-50 px-5 py-3 sm:px-6">
          {actions}
        </div>
      )}
    </>
  );
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${WIDTH[size]} rounded-xl bg-white p-0 shadow-xl ring-1 ring-zinc-200 backdrop:bg-black/50`}
    >
      {open &&
        (onSubmit ? (
          <form onSubmit={onSubmit} noValidate>
            {body}
          </form>
        ) : (
          body
        ))}
    </dialog>
  );
}
