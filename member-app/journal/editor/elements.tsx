/**
 * How each node looks while editing: the same elements the note is stored as, so the editor shows
 * the note as the rest of the app will. Chips, images and videos are voids (after Slate's mentions,
 * images and embeds examples): not editable inside, selected and deleted whole.
 */
import { createContext, type ReactNode, useContext } from 'react';
import { type RenderElementProps, type RenderLeafProps, useFocused, useSelected } from 'slate-react';
import {
  BLOCK_TAGS,
  type CashtagElement,
  type ImageElement,
  type LinkElement,
  type VideoElement,
} from './types.ts';

/** The page's video card (NoteEditorProps.renderVideo), given to video blocks. */
export const VideoCardContext = createContext<(video: { id: string; title: string }) => ReactNode>(
  () => null,
);
/** Header rows render `<th>` cells. */
const HeaderRowContext = createContext(false);

export function NoteElementView(props: RenderElementProps) {
  const { attributes, children, element } = props;
  switch (element.type) {
    case 'code-block':
      return (
        <pre {...attributes}>
          <code>{children}</code>
        </pre>
      );
    case 'table':
      return (
        <table {...attributes}>
          <tbody>{children}</tbody>
        </table>
      );
    case 'table-row':
      return (
        <HeaderRowContext.Provider value={element.header === true}>
          <tr {...attributes}>{children}</tr>
        </HeaderRowContext.Provider>
      );
    case 'table-cell':
      return <TableCell {...props} />;
    case 'link':
      return <Link {...props} element={element} />;
    case 'cashtag':
      return <Chip {...props} element={element} />;
    case 'image':
      return <Image {...props} element={element} />;
    case 'video':
      return <Video {...props} element={element} />;
    default: {
      const Tag = BLOCK_TAGS[element.type];
      return <Tag {...attributes}>{children}</Tag>;
    }
  }
}

type ViewProps<E> = Omit<RenderElementProps, 'element'> & { element: E };

function TableCell({ attributes, children }: RenderElementProps) {
  const Cell = useContext(HeaderRowContext) ? 'th' : 'td';
  return <Cell {...attributes}>{children}</Cell>;
}

/** Chromium misplaces the caret at an inline's edges without these (Slate's inlines example). */
const CaretGuard = () => (
  <span contentEditable={false} className="note-editor__caret-guard">
    {'\u00a0'}
  </span>
);

function Link({ attributes, element, children }: ViewProps<LinkElement>) {
  return (
    <a {...attributes} href={element.url}>
      <CaretGuard />
      {children}
      <CaretGuard />
    </a>
  );
}

function Chip({ attributes, element, children }: ViewProps<CashtagElement>) {
  const selected = useSelectedInFocus();
  return (
    <span
      {...attributes}
      contentEditable={false}
      className="note-chip"
      data-cashtag={element.symbol}
      data-selected={selected || undefined}
    >
      ${element.symbol}
      {children}
    </span>
  );
}

function Image({ attributes, element, children }: ViewProps<ImageElement>) {
  const selected = useSelectedInFocus();
  return (
    <span {...attributes} className="note-image" data-selected={selected || undefined}>
      <span contentEditable={false}>
        <img src={element.src} alt={element.alt} loading="lazy" decoding="async" />
      </span>
      {children}
    </span>
  );
}

function Video({ attributes, element, children }: ViewProps<VideoElement>) {
  const selected = useSelectedInFocus();
  const renderVideo = useContext(VideoCardContext);
  return (
    <div {...attributes} className="note-video" data-selected={selected || undefined}>
      <div contentEditable={false}>{renderVideo({ id: element.id, title: element.title })}</div>
      {children}
    </div>
  );
}

/** The void is selected while the editor has focus: it shows a ring, as Delete would remove it. */
function useSelectedInFocus(): boolean {
  const selected = useSelected();
  const focused = useFocused();
  return selected && focused;
}

/** Marks nest as they are stored: <strong><em><u><code>. */
export function NoteLeaf({ attributes, children, leaf }: RenderLeafProps) {
  let content: ReactNode = children;
  if (leaf.code) content = <code>{content}</code>;
  if (leaf.underline) content = <u>{content}</u>;
  if (leaf.italic) content = <em>{content}</em>;
  if (leaf.bold) content = <strong>{content}</strong>;
  return <span {...attributes}>{content}</span>;
}
