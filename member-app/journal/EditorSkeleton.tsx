import './editor/editor.css';

// The toolbar's faces and groups as editor/tools.ts has them, so the skeleton's toolbar wraps as the
// real one does (a change there is a layout shift here: keep them alike).
const FACES: { text: string; group?: true }[] = [
  { text: 'B' },
  { text: 'I' },
  { text: 'U' },
  { text: '</>' },
  { text: 'H1', group: true },
  { text: 'H2' },
  { text: 'H3' },
  { text: '•', group: true },
  { text: '1.' },
  { text: '❝' },
  { text: 'Link', group: true },
  { text: 'Image' },
  { text: 'Table' },
];

/**
 * The editor's place while its chunk loads: the same box, toolbar and text area (editor.css, loaded
 * with the page), so nothing moves when the editor takes it. Nothing can be typed in it yet.
 */
export function EditorSkeleton({ readOnly = false }: { readOnly?: boolean }) {
  return (
    <div className="note-editor note-editor--loading" aria-busy="true">
      {readOnly ? null : (
        <div className="note-editor__toolbar" aria-hidden="true">
          {FACES.map((face) => (
            <span key={face.text} className="note-editor__tool" data-group={face.group}>
              {face.text}
            </span>
          ))}
        </div>
      )}
      <div className="note-editor__text" />
    </div>
  );
}
