/**
 * The formatting toolbar: one tab stop, arrow keys move between its buttons (the ARIA toolbar
 * pattern). Buttons keep the editor's focus and selection when clicked, and give the focus back to
 * the text after a keyboard press, so the member goes on typing.
 */
import { type KeyboardEvent, useState } from 'react';
import { ReactEditor, useSlate } from 'slate-react';
import { shortcutText, TOOLS } from './tools.ts';

export function Toolbar({ label }: { label: string }) {
  const editor = useSlate();
  const [current, setCurrent] = useState(0);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: TOOLS.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + TOOLS.length) % TOOLS.length;
    setCurrent(index);
    event.currentTarget.querySelectorAll('button')[index]?.focus();
  };

  return (
    <div role="toolbar" aria-label={label} className="note-editor__toolbar" onKeyDown={onKeyDown}>
      {TOOLS.map((tool, index) => (
        <button
          key={tool.label}
          type="button"
          className="note-editor__tool"
          data-group={tool.group}
          aria-pressed={tool.pressed ? tool.pressed(editor) : undefined}
          aria-keyshortcuts={tool.shortcut ? `Control+${tool.shortcut} Meta+${tool.shortcut}` : undefined}
          title={tool.shortcut ? `${tool.label} (${shortcutText(tool.shortcut)})` : tool.label}
          tabIndex={index === current ? 0 : -1}
          onFocus={() => setCurrent(index)}
          // A click must not take the focus (and the selection) from the text.
          onPointerDown={(event) => event.preventDefault()}
          onClick={() => {
            tool.run(editor);
            ReactEditor.focus(editor);
          }}
        >
          {/* The name is the words ("Bold"), the face a glyph ("B"): a glyph in an aria-label's place
              would be a name that does not contain its visible text. */}
          <span aria-hidden="true">{tool.text}</span>
          <span className="visually-hidden">{tool.label}</span>
        </button>
      ))}
    </div>
  );
}
