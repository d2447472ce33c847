import { type ReactNode, useId } from "react";

/** A white panel with an optional header (title, description, actions) and footer. */
export function Card({
  title,
  description,
  actions,
  footer,
  children,
  className = "",
  headingLevel = 2,
}: {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = useId();
  return (
    <section
      aria-labelledby={title ? headingId : undefined}
      className={`overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-zinc-200 ${className}`}
    >
      {(title || actions) && (
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-zinc-100 px-5 py-4 sm:px-6">
          <div className="min-w-0">
            {title && (
              <Heading
                id={headingId}
                className="text-base font-semibold text-zinc-900"
              >
                {title}
              </Heading>
            )}
            {description && (
              <p className="mt-1 text-sm text-zinc-500">{description}</p>
            )}
          </div>
          {actions && (
            <div className="flex shrink-0 flex-wrap items-center gap-2">
              {actions}
            </div>
          )}
        </header>
      )}
      {children !== undefined && (
        <div className="px-5 py-5 sm:px-6">{children}</div>
      )}
      {footer && (
        <footer className="flex flex-wrap items-center justify-end gap-3 border-t border-zinc-100 bg-zinc-50 px-5 py-3 sm:px-6">
          {footer}
        </footer>
      )}
    </section>
  );
}
