/**
 * Enter and Backspace as a writer expects them between lines:
 * - Shift+Enter is a line break in the same block (`<br />`); in code, Enter is one too;
 * - Enter on an empty list item or quote line ends the list or quote (a paragraph instead);
 * - Enter at the end of a heading continues with a paragraph;
 * - Backspace at the start of a list item, quote line or heading makes it a paragraph first.
 */
import { Editor, Element, Point, Range, Transforms } from 'slate';
import { isListType, type NoteElement } from './types.ts';

const ENDS_ON_EMPTY = new Set<NoteElement['type']>(['list-item', 'quote']);
const BECOMES_PARAGRAPH = new Set<NoteElement['type']>([
  'list-item',
  'quote',
  'heading-one',
  'heading-two',
  'heading-three',
]);

export function withLines<T extends Editor>(editor: T): T {
  const { insertBreak, deleteBackward } = editor;

  editor.insertSoftBreak = () => editor.insertText('\n');

  editor.insertBreak = () => {
    const entry = currentLine(editor);
    if (!entry) return insertBreak();
    const [line, path] = entry;
    if (line.type === 'code-block') return editor.insertText('\n');
    if (ENDS_ON_EMPTY.has(line.type) && Editor.isEmpty(editor, line)) return toParagraph(editor, path);
    insertBreak();
    const next = currentLine(editor);
    if (next?.[0].type.startsWith('heading-') && Editor.isEmpty(editor, next[0])) {
      Transforms.setNodes(editor, { type: 'paragraph' }, { at: next[1] });
    }
  };

  editor.deleteBackward = (unit) => {
    const entry = currentLine(editor);
    const { selection } = editor;
    if (entry && selection && Range.isCollapsed(selection) && BECOMES_PARAGRAPH.has(entry[0].type)) {
      if (Point.equals(selection.anchor, Editor.start(editor, entry[1])))
        return toParagraph(editor, entry[1]);
    }
    deleteBackward(unit);
  };

  return editor;
}

/** The innermost block holding a collapsed or expanded selection's anchor. */
export function currentLine(editor: Editor): [NoteElement, number[]] | null {
  if (!editor.selection) return null;
  const entry = Editor.above(editor, {
    at: editor.selection.anchor,
    match: (n) => Element.isElement(n) && Editor.isBlock(editor, n),
  });
  return (entry as [NoteElement, number[]] | undefined) ?? null;
}

/** A line becomes a plain paragraph; an item leaves its list (splitting it when in the middle). */
function toParagraph(editor: Editor, at: number[]): void {
  Editor.withoutNormalizing(editor, () => {
    Transforms.setNodes(editor, { type: 'paragraph' }, { at });
    const [parent] = Editor.parent(editor, at);
    if (Element.isElement(parent) && isListType(parent.type)) Transforms.liftNodes(editor, { at });
  });
}
