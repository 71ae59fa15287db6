/**
 * Paste (after Slate's paste-html example), in this order:
 * 1. a copy from this editor: Slate's own fragment, everything kept;
 * 2. a link to one of our videos (docs/product.md §2): the page resolves it, then the video goes in (an unknown
 *    one goes in as a plain link);
 * 3. in code or a table cell, plain text only (a cell holds one line, code holds no markup);
 * 4. HTML: read like a stored note (deserialize), so pasted pages keep their words and structure
 *    but only the markup a note may hold;
 * 5. plain text, its cashtags turned into chips.
 * Browser only (DataTransfer, DOMParser).
 */
import { Editor, Element, Range, Transforms } from 'slate';
import { splitCashtags } from './cashtags.ts';
import { applyLink, insertInlineVoid, insertVideo } from './commands.ts';
import { deserialize } from './deserialize.ts';
import { videoLinkId } from './urls.ts';
import { cellAt } from './with-tables.ts';

export interface PasteServices {
  resolveVideo: (id: string) => Promise<{ id: string; title: string } | null>;
  /** False once the editor has left the page: a late answer must not change a note no longer shown. */
  isShown: () => boolean;
}

export function withPaste<T extends Editor>(editor: T, services: PasteServices): T {
  const { insertData } = editor;
  editor.insertData = (data) => {
    if (editor.insertFragmentData(data)) return;
    const text = data.getData('text/plain');
    const videoId = videoLinkId(text);
    if (videoId) return pasteVideoLink(editor, text.trim(), videoId, services);
    const inCode = Editor.above(editor, { match: (n) => Element.isElement(n) && n.type === 'code-block' });
    if (inCode) return Transforms.insertText(editor, text.replace(/\r\n?/g, '\n'));
    const html = data.getData('text/html');
    if (html && !cellAt(editor)) return Transforms.insertFragment(editor, deserialize(html));
    if (text) return insertPlainText(editor, text);
    insertData(data);
  };
  return editor;
}

/**
 * Pasted lines as typed lines (a cell keeps them as line breaks), cashtags as chips. Normalized as
 * it goes: the caret steps out of a chip into the text Slate puts after it.
 */
function insertPlainText(editor: Editor, text: string): void {
  const inCell = cellAt(editor) !== null;
  if (editor.selection && Range.isExpanded(editor.selection)) Transforms.delete(editor);
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    if (index > 0 && inCell) Transforms.insertText(editor, '\n');
    else if (index > 0) Transforms.splitNodes(editor, { always: true });
    for (const piece of splitCashtags(line)) {
      if (typeof piece === 'string') Transforms.insertText(editor, piece);
      else insertInlineVoid(editor, piece);
    }
  });
}

/**
 * Asks the page for the video, then puts it (or the plain link) where the paste happened. If the
 * member has moved on meanwhile, their caret is put back afterwards.
 */
function pasteVideoLink(editor: Editor, url: string, id: string, services: PasteServices): void {
  if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
  const target = Editor.rangeRef(editor, editor.selection as Range);
  services
    .resolveVideo(id)
    .catch(() => null)
    .then((video) => {
      const at = target.unref();
      if (!at || !services.isShown()) return;
      const moved =
        editor.selection && !Range.equals(editor.selection, at)
          ? Editor.rangeRef(editor, editor.selection)
          : null;
      Transforms.select(editor, at);
      if (video) insertVideo(editor, video);
      else applyLink(editor, url);
      const back = moved?.unref();
      if (back) Transforms.select(editor, back);
    });
}
