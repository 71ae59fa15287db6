/** A course's percent as a bar; the words beside it say the same for everyone. */
export function CourseBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      className="course-bar"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <span className="course-bar__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
