/** A validation message beneath a field; `id` lets the field point at it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm font-medium text-destructive-text">
      {message}
    </p>
  );
}
