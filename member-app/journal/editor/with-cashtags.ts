/**
 * Typing a cashtag turns it into a chip (docs/product.md §5): when a space, punctuation or a line break follows
 * `$ABCD`, the text becomes `<span data-cashtag="ABCD">`. Not inside code or a link, whose text is
 * the member's own. A chip is one character to the caret, so Backspace after it deletes it whole
 * (Slate's handling of inline voids).
 */
import { Editor, Element, Range, Text, Transforms } from 'slate';
import { cashtag, cashtagBefore, endsCashtag } from './cashtags.ts';

export function withCashtags<T extends Editor>(editor: T): T {
  const { insertText, insertBreak } = editor;
  editor.insertText = (text, options) => {
    if (endsCashtag(text)) chipBeforeCaret(editor, text);
    insertText(text, options);
  };
  editor.insertBreak = () => {
    chipBeforeCaret(editor, '\n');
    insertBreak();
  };
  return editor;
}

/** Turns the cashtag that `ending` completes, left of a collapsed caret, into a chip. */
export function chipBeforeCaret(editor: Editor, ending: string): void {
  const { selection } = editor;
  if (!selection || !Range.isCollapsed(selection)) return;
  const { path, offset } = selection.anchor;
  const [leaf] = Editor.node(editor, path);
  if (!Text.isText(leaf) || leaf.code) return;
  const plain = Editor.above(editor, {
    at: path,
    match: (n) => Element.isElement(n) && (n.type === 'link' || n.type === 'code-block'),
  });
  if (plain) return;
  const found = cashtagBefore(leaf.text.slice(0, offset), ending);
  if (!found) return;
  Transforms.insertNodes(editor, cashtag(found.symbol), {
    at: { anchor: { path, offset: found.start }, focus: { path, offset: found.start + found.length } },
    select: true,
  });
  // Out of the chip, then past what followed the symbol (the `.` of `$ABCD.`): where the caret was.
  Transforms.move(editor);
  const rest = offset - found.start - found.length;
  if (rest > 0) Transforms.move(editor, { distance: rest, unit: 'offset' });
}
