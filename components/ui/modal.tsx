"use client";

import { type ReactNode, useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/client/i18n";

type Props = { open: boolean; title: string; description?: ReactNode; children: ReactNode; onClose: () => void };

/** A modal panel to look at something (native <dialog>: focus is trapped, Escape closes, focus returns afterwards). */
export function Modal({ open, title, description, children, onClose }: Props) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-xl rounded-xl bg-white p-0 shadow-xl ring-1 ring-zinc-200 backdrop:bg-zinc-900/40"
    >
      <div className="px-5 pt-6 pb-4 sm:px-6">
        <h2 id={titleId} className="text-base font-semibold text-zinc-900">
          {title}
        </h2>
        {description && <div className="mt-1 text-sm text-zinc-600">{description}</div>}
        <div className="mt-4">{open && children}</div>
      </div>
      <div className="flex justify-end gap-3 bg-zinc-50 px-5 py-3 sm:px-6">
        <Button variant="secondary" onClick={onClose}>
          {t("Close")}
        </Button>
      </div>
    </dialog>
  );
}
