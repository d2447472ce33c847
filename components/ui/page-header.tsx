import type { ReactNode } from "react";

/**
 * The page's one h1, a line of context and its main actions; a section of a settings area (whose
 * layout holds the h1) takes `level={2}`.
 */
export function PageHeader({
  title,
  description,
  actions,
  level = 1,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <div
      className={`flex flex-wrap items-end justify-between gap-4 ${level === 1 ? "mb-6" : "mb-4"}`}
    >
      <div className="min-w-0">
        <Heading
          className={`font-semibold tracking-tight text-zinc-900 ${level === 1 ? "text-2xl" : "text-lg"}`}
        >
          {title}
        </Heading>
        {description && (
          <p className="mt-1 text-sm text-zinc-500">{description}</p>
        )}
      </div>
      {actions && (
        <div className="flex flex-wrap items-center gap-2">{actions}</div>
      )}
    </div>
  );
}
