/**
 * *Enter its opening* beside a sale of shares bought before the journal (a close with no opening):
 * opens or closes the form that records the opening, the same on /trades and in the import preview.
 */
export function EnterOpeningToggle({
  fill,
  open,
  onToggle,
}: {
  fill: string;
  open: string | null;
  onToggle: (fill: string | null) => void;
}) {
  return (
    <button
      type="button"
      className="link-button"
      aria-expanded={open === fill}
      onClick={() => onToggle(open === fill ? null : fill)}
    >
      Enter its opening
    </button>
  );
}
