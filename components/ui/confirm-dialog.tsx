"use client";

import { type ReactNode, useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/client/i18n";

type Props = {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  tone?: "danger" | "primary";
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** A modal question (native <dialog>: focus is trapped, Escape cancels, focus returns afterwards). */
export function ConfirmDialog({ open, title, children, confirmLabel, tone = "danger", loading = false, onConfirm, onClose }: Props) {
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
        if (!loading) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 shadow-xl ring-1 ring-zinc-200 backdrop:bg-zinc-900/40"
    >
      <div className="px-6 pt-6 pb-4">
        <h2 id={titleId} className="text-base font-semibold text-zinc-900">
          {title}
        </h2>
        {children && <div className="mt-2 text-sm text-zinc-600">{children}</div>}
      </div>
      <div className="flex justify-end gap-3 bg-zinc-50 px-6 py-3">
        <Button variant="secondary" onClick={onClose} disabled={loading}>
          {t("Cancel")}
        </Button>
        <Button variant={tone} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
