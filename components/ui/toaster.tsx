"use client";

import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { Icon } from "@/components/ui/icon";
import { useT } from "@/lib/client/i18n";
import { takeNextPageToast } from "@/lib/client/next-page-toast";

type Toast = { id: number; message: string };

const SHOWN_MS = 6000;
const ToastContext = createContext<(message: string) => void>(() => {});

/** Shows a short confirmation of a completed action (already translated). */
export function useToast() {
  return useContext(ToastContext);
}

/**
 * Confirmations of completed actions in one polite live region (always in the page, so screen
 * readers announce what is added), bottom right, each gone after six seconds or when dismissed.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const show = useCallback((message: string) => {
    const id = Date.now() + Math.random();
    setToasts((all) => [...all, { id, message }]);
    setTimeout(
      () => setToasts((all) => all.filter((toast) => toast.id !== id)),
      SHOWN_MS,
    );
  }, []);
  // A confirmation carried over a full load, once the page is interactive.
  useEffect(() => {
    const pending = takeNextPageToast();
    if (!pending) return;
    const timer = setTimeout(() => show(t(pending)), 0);
    return () => clearTimeout(timer);
  }, [show, t]);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* A live region without the status role: screens keep their own status messages. */}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col items-end gap-2 sm:left-auto"
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg bg-white p-4 text-sm text-zinc-900 shadow-lg ring-1 ring-zinc-200"
          >
            <Icon name="check" className="size-5 shrink-0 text-emerald-600" />
            <p className="flex-1">{toast.message}</p>
            <button
              type="button"
              onClick={() =>
                setToasts((all) => all.filter((item) => item.id !== toast.id))
              }
              className="-m-1 rounded p-1 text-zinc-500 hover:text-zinc-900"
            >
              <span className="sr-only">{t("Dismiss")}</span>
              <span aria-hidden>×</span>
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
