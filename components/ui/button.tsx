import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";

export type ButtonVariant =
  | "primary"
  | "secondary"
  | "danger"
  | "ghost"
  | "ghost-danger"
  | "ghost-accent"
  | "secondary-danger";
export type ButtonSize = "sm" | "md";

// A filled button's hover goes one step further from the page's background: darker in the light
// scheme, lighter in the dark one, where the palette turns round (app/globals.css). Its text keeps
// AA contrast in both; the 500 step, the same in both schemes, would not in the dark one (4.11:1).
// A disabled filled button fades into the page (opacity): a lighter step would be the darker,
// stronger one in the dark scheme, where a disabled Save looked more pressing than an enabled one.
const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    "bg-indigo-600 text-white shadow-sm hover:bg-indigo-700 disabled:opacity-50",
  secondary:
    "bg-white text-zinc-800 shadow-sm ring-1 ring-inset ring-zinc-300 hover:bg-zinc-50 disabled:text-zinc-400",
  danger:
    "bg-red-600 text-white shadow-sm hover:bg-red-700 disabled:opacity-50",
  ghost: "text-zinc-700 hover:bg-zinc-100 disabled:text-zinc-400",
  "ghost-danger": "text-red-600 hover:bg-red-50 disabled:text-red-300",
  "ghost-accent": "text-indigo-700 hover:bg-indigo-50 disabled:text-indigo-300",
  "secondary-danger":
    "bg-white text-red-600 shadow-sm ring-1 ring-inset ring-zinc-300 hover:bg-red-50 disabled:text-red-300",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "gap-1.5 rounded-md px-2.5 py-1.5 text-sm",
  md: "gap-2 rounded-lg px-4 py-2.5 text-sm",
};

/** The classes of a button, for links that look like one. */
export function buttonClasses(
  variant: ButtonVariant = "primary",
  size: ButtonSize = "md",
  extra = "",
): string {
  return `inline-flex items-center justify-center font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed ${VARIANTS[variant]} ${SIZES[size]} ${extra}`;
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Work in progress: shows a spinner and refuses a second click. */
  loading?: boolean;
  icon?: ReactNode;
};

export function Button({
  variant = "primary",
  size = "md",
  loading = false,
  icon,
  className = "",
  disabled,
  children,
  type = "button",
  ...rest
}: Props) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner /> : icon}
      {children}
    </button>
  );
}
