/**
 * A field's or a group's message (the server's 422 or the form's own check), under it and tied to
 * it by `id` in its `aria-describedby`; nothing without one.
 */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-600" aria-live="polite">
      {error}
    </p>
  );
}
