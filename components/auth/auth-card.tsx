import type { ReactNode } from "react";

/** The card of a signed-out screen: heading, a line of context, the form, and links below. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <>
      <div className="rounded-2xl bg-white px-6 py-8 shadow-lg shadow-zinc-200/60 ring-1 ring-zinc-200 sm:px-10">
        <h1 className="text-center text-2xl font-semibold tracking-tight text-zinc-900">
          {title}
        </h1>
        {description && (
          <p className="mt-2 text-center text-sm text-zinc-500">
            {description}
          </p>
        )}
        <div className="mt-8">{children}</div>
      </div>
      {footer && (
        <div className="mt-6 text-center text-sm text-zinc-600">{footer}</div>
      )}
    </>
  );
}

export const LINK_CLASSES =
  "font-semibold text-indigo-600 hover:text-indigo-700 underline-offset-2 hover:underline";
