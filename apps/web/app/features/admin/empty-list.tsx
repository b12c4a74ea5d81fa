/**
 * What an empty list says. react-admin's own empty page draws its text in a faded grey that
 * fails the contrast check (axe), and offers "create", which read-only lists do not have.
 */
export function EmptyList({ text }: { text: string }) {
  return (
    <p className="admin-empty" role="status">
      {text}
    </p>
  );
}
