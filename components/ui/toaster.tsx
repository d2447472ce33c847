"use client";

import {
  createContext,
  type FocusEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
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
 * The time stands still while the pointer is over them or the keyboard is in them (WCAG 2.2.1,
 * as Sonner does), so a person reading one or reaching its Dismiss does not lose it. Dismissed
 * from the keyboard, a toast hands focus back to where it came from (WCAG 2.4.3), or to the next
 * toast, rather than to the page's start.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [isHovered, setHovered] = useState(false);
  const [isFocused, setFocused] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  // The element the keyboard was on before it entered the toasts.
  const cameFrom = useRef<HTMLElement | null>(null);
  const show = useCallback((message: string) => {
    const id = Date.now() + Math.random();
    setToasts((all) => [...all, { id, message }]);
  }, []);
  const dismiss = useCallback(
    (id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)),
    [],
  );
  // A confirmation carried over a full load, once the page is interactive.
  useEffect(() => {
    const pending = takeNextPageToast();
    if (!pending) return;
    const timer = setTimeout(() => show(t(pending)), 0);
    return () => clearTimeout(timer);
  }, [show, t]);
  // Dismissed by hand: the toast under the pointer or the keyboard is gone, and a removed element
  // fires no leave or blur, so the time runs again for the others.
  const close = useCallback(
    (id: number) => {
      if (list.current?.contains(document.activeElement))
        returnFocus(list.current, id, cameFrom.current);
      dismiss(id);
      setHovered(false);
      setFocused(false);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);
  const enter = (event: FocusEvent) => {
    setFocused(true);
    // From outside the toasts (or from nowhere: null), never from one toast to another.
    const from = event.relatedTarget;
    if (!event.currentTarget.contains(from))
      cameFrom.current = from instanceof HTMLElement ? from : null;
  };
  const leave = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };
  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* Always in the page, so what is added is announced: a named region (as Sonner's) that
          keyboard and screen-reader users can find, and a polite live list inside it. */}
      <section
        aria-label={t("Notifications")}
        className="pointer-events-none fixed inset-x-4 bottom-4 z-50 sm:left-auto"
      >
        <div
          ref={list}
          aria-live="polite"
          className="flex flex-col items-end gap-2"
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={enter}
          onBlur={leave}
        >
          {toasts.map((toast) => (
            <ToastItem
              key={toast.id}
              toast={toast}
              paused={isHovered || isFocused}
              onExpire={dismiss}
              onClose={close}
            />
          ))}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

/**
 * Before the toast `id` leaves the page with focus on its Dismiss: focus goes back to the element
 * it came from, if that can still take it (in the page, not disabled); else to the Dismiss of
 * another toast; else to the page's main content.
 */
function returnFocus(
  list: HTMLElement,
  id: number,
  cameFrom: HTMLElement | null,
) {
  const candidates = [
    cameFrom,
    list.querySelector<HTMLElement>(
      `[data-toast]:not([data-toast="${id}"]) button`,
    ),
    document.getElementById("main"),
  ];
  for (const candidate of candidates) {
    if (!candidate?.isConnected) continue;
    candidate.focus({ preventScroll: candidate.id === "main" });
    if (document.activeElement === candidate) return;
  }
}

function ToastItem({
  toast,
  paused,
  onExpire,
  onClose,
}: {
  toast: Toast;
  paused: boolean;
  onExpire: (id: number) => void;
  onClose: (id: number) => void;
}) {
  const t = useT();
  // What is left of its six seconds, kept across pauses.
  const remaining = useRef(SHOWN_MS);
  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onExpire(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, toast.id, onExpire]);
  return (
    <div
      data-toast={toast.id}
      className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg bg-white p-4 text-sm text-zinc-900 shadow-lg ring-1 ring-zinc-200"
    >
      <Icon name="check" className="size-5 shrink-0 text-emerald-600" />
      <p className="flex-1">{toast.message}</p>
      <button
        type="button"
        onClick={() => onClose(toast.id)}
        className="-m-1 rounded p-1 text-zinc-500 hover:text-zinc-900"
      >
        <span className="sr-only">{t("Dismiss")}</span>
        <span aria-hidden>×</span>
      </button>
    </div>
  );
}
