/** A user's photo, or their initials on a tinted circle. */
export function Avatar({
  name,
  src,
  size = "md",
}: {
  name: string;
  src: string | null;
  size?: "sm" | "md" | "lg";
}) {
  const dimensions = {
    sm: "size-8 text-xs",
    md: "size-10 text-sm",
    lg: "size-20 text-2xl",
  }[size];
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join("") || "?";
  if (src) {
    // Uploaded files are served as they are; next/image would need their sizes configured.
    return (
      // eslint-disable-next-line @next/next/no-img-element
      <img
        src={src}
        alt=""
        className={`${dimensions} shrink-0 rounded-full object-cover ring-1 ring-zinc-200`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${dimensions} inline-flex shrink-0 items-center justify-center rounded-full bg-indigo-100 font-semibold text-indigo-700`}
    >
      {initials}
    </span>
  );
}
