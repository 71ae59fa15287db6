/**
 * The journal's rich-text editor (docs/product.md §2 Journal, §5): a Slate editor whose document is the note's
 * stored HTML, read once from `initialHtml` and reported as HTML on every change. The page owns
 * everything around it (title, saving, the video library): remount it with a new React key to load
 * another note.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createEditor, type Descendant } from 'slate';
import { withHistory } from 'slate-history';
import { Editable, type RenderElementProps, type RenderLeafProps, Slate, withReact } from 'slate-react';
import { symbolsOf } from './cashtags.ts';
import { toggleMark } from './commands.ts';
import { deserialize } from './deserialize.ts';
import { NoteElementView, NoteLeaf, VideoCardContext } from './elements.tsx';
import { normalized } from './schema.ts';
import { serialize } from './serialize.ts';
import { Toolbar } from './Toolbar.tsx';
import { markForShortcut } from './tools.ts';
import { withEditing } from './with-editing.ts';
import { withPaste } from './with-paste.ts';
import { moveToCell } from './with-tables.ts';
import './editor.css';

export interface NoteEditorProps {
  /** The note's stored HTML (server-sanitized), a restored draft, or the visitors' sample. Remount (React key) to load another note. */
  initialHtml: string;
  /** Called on every change with the serialized HTML and the cashtag symbols found in the document (upper-case, de-duplicated, document order). */
  onChange: (html: string, symbols: string[]) => void;
  /** Renders an embedded video (thumbnail + title card); given by the page, which knows the library. */
  renderVideo: (video: { id: string; title: string }) => ReactNode;
  /** Looks up one of our videos for a pasted /videos/watch/{id}/… link; null when unknown (then the link is inserted as a normal link). */
  resolveVideo: (id: string) => Promise<{ id: string; title: string } | null>;
  readOnly?: boolean;
  /** Accessible name of the editing area, e.g. 'Note text'. */
  label?: string;
}

const renderElement = (props: RenderElementProps) => <NoteElementView {...props} />;
const renderLeaf = (props: RenderLeafProps) => <NoteLeaf {...props} />;

export function NoteEditor({
  initialHtml,
  onChange,
  renderVideo,
  resolveVideo,
  readOnly = false,
  label = 'Note text',
}: NoteEditorProps) {
  // Paste answers arrive later: they read the page's latest resolver, and are dropped once unmounted.
  const services = useRef({ resolveVideo, shown: true });
  useEffect(() => {
    services.current.resolveVideo = resolveVideo;
  }, [resolveVideo]);
  useEffect(() => {
    services.current.shown = true;
    return () => {
      services.current.shown = false;
    };
  }, []);

  const [editor] = useState(() =>
    withPaste(withEditing(withHistory(withReact(createEditor()))), {
      resolveVideo: (id) => services.current.resolveVideo(id),
      isShown: () => services.current.shown,
    }),
  );
  // Read once, already in the editor's shape, so loading a note is not a change.
  const [initialValue] = useState<Descendant[]>(() => normalized(deserialize(initialHtml)));

  return (
    <div className="note-editor">
      <Slate
        editor={editor}
        initialValue={initialValue}
        onValueChange={(value) => onChange(serialize(value), symbolsOf(value))}
      >
        {readOnly ? null : <Toolbar label={`${label} formatting`} />}
        <VideoCardContext.Provider value={renderVideo}>
          <Editable
            className="note-editor__text"
            // Slate's inline styles would override the stylesheet's height; editor.css has them.
            disableDefaultStyles
            readOnly={readOnly}
            role="textbox"
            aria-multiline
            aria-label={label}
            aria-readonly={readOnly || undefined}
            placeholder={readOnly ? undefined : 'Write your note…'}
            // Slate dims its placeholder to a third, below readable contrast: the faint text colour instead.
            renderPlaceholder={({ attributes, children }) => (
              <span {...attributes} style={{ ...attributes.style, opacity: 1, color: 'var(--text-faint)' }}>
                {children}
              </span>
            )}
            spellCheck
            renderElement={renderElement}
            renderLeaf={renderLeaf}
            onKeyDown={(event) => {
              if (event.key === 'Tab' && !event.altKey && !event.ctrlKey && !event.metaKey) {
                if (moveToCell(editor, event.shiftKey)) event.preventDefault();
                return;
              }
              const mark = markForShortcut(event);
              if (mark) {
                event.preventDefault();
                toggleMark(editor, mark);
              }
            }}
          />
        </VideoCardContext.Provider>
      </Slate>
    </div>
  );
}

export default NoteEditor;
