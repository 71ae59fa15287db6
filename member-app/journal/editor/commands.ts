/**
 * What the toolbar, the shortcuts and paste do to a document (after Slate's richtext, inlines and
 * images examples). No DOM here: the commands run in Node tests as they do in the browser.
 */
import { Editor, Element, type Node, Range, Transforms } from 'slate';
import {
  type CashtagElement,
  type ImageElement,
  isListType,
  isTextBlock,
  type LinkElement,
  type ListType,
  type Mark,
  type NoteElement,
  paragraph,
  type TextBlockType,
  type VideoElement,
} from './types.ts';
import { imageAlt, imageSrc, linkHref } from './urls.ts';
import { currentLine } from './with-lines.ts';
import { newTable } from './with-tables.ts';

export type BlockFormat = Exclude<TextBlockType, 'paragraph'> | ListType;

const isLink = (n: Node) => Element.isElement(n) && n.type === 'link';

export function isMarkActive(editor: Editor, mark: Mark): boolean {
  return Editor.marks(editor)?.[mark] === true;
}

export function toggleMark(editor: Editor, mark: Mark): void {
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, true);
}

export function isBlockActive(editor: Editor, format: BlockFormat): boolean {
  const { selection } = editor;
  if (!selection) return false;
  const [match] = Editor.nodes(editor, {
    at: Editor.unhangRange(editor, selection),
    match: (n) => Element.isElement(n) && n.type === format,
  });
  return match !== undefined;
}

/** Headings, quote and lists switch the selected lines (never table cells or code) on and off. */
export function toggleBlock(editor: Editor, format: BlockFormat): void {
  const active = isBlockActive(editor, format);
  const list = isListType(format);
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, { match: (n) => Element.isElement(n) && isListType(n.type), split: true });
    Transforms.setNodes(
      editor,
      { type: active ? 'paragraph' : list ? 'list-item' : format },
      { match: (n) => Element.isElement(n) && isTextBlock(n) && n.type !== 'table-cell' },
    );
    if (!active && list) {
      Transforms.wrapNodes(
        editor,
        { type: format, children: [] },
        { match: (n) => Element.isElement(n) && n.type === 'list-item' },
      );
    }
  });
}

/** The address of the link at the selection, if any (the prompt starts from it). */
export function activeLink(editor: Editor): string | null {
  if (!editor.selection) return null;
  const [entry] = Editor.nodes(editor, { match: isLink });
  return entry ? (entry[0] as LinkElement).url : null;
}

/**
 * The link tool: an empty address removes the link (docs/product.md §5); an address that is not http, https,
 * mailto or a site path is refused; otherwise the selection becomes a link, the link at the caret
 * gets the new address, or the address is inserted as its own text.
 */
export function applyLink(editor: Editor, input: string): 'removed' | 'refused' | 'linked' {
  if (input.trim() === '') {
    Transforms.unwrapNodes(editor, { match: isLink, split: true });
    return 'removed';
  }
  const url = linkHref(input);
  if (url === null) return 'refused';
  if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
  const selection = editor.selection as Range;
  const [existing] = Editor.nodes(editor, { match: isLink });
  if (Range.isCollapsed(selection) && existing) {
    Transforms.setNodes(editor, { url }, { at: existing[1] });
  } else if (Range.isCollapsed(selection)) {
    Transforms.insertNodes(editor, { type: 'link', url, children: [{ text: url }] });
    // Step out of the link, so what is typed next is not part of it.
    Transforms.move(editor, { unit: 'offset' });
  } else {
    Editor.withoutNormalizing(editor, () => {
      Transforms.unwrapNodes(editor, { match: isLink, split: true });
      Transforms.wrapNodes(editor, { type: 'link', url, children: [] }, { split: true });
    });
    Transforms.collapse(editor, { edge: 'end' });
  }
  return 'linked';
}

/** The image tool: an absolute http(s) image, alt text from its file name; false when refused. */
export function insertImage(editor: Editor, input: string): boolean {
  const src = imageSrc(input);
  if (src === null) return false;
  if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
  const image: ImageElement = { type: 'image', src, alt: imageAlt(src), children: [{ text: '' }] };
  insertInlineVoid(editor, image);
  return true;
}

/** An image or a chip at the caret, the caret after it (as in Slate's mentions example). */
export function insertInlineVoid(editor: Editor, node: ImageElement | CashtagElement): void {
  Transforms.insertNodes(editor, node);
  Transforms.move(editor);
}

/** docs/product.md §2: a 3×3 table with a header row, the caret in its first cell. */
export function insertTable(editor: Editor): void {
  const at = insertTopLevel(editor, newTable());
  Transforms.select(editor, Editor.start(editor, at));
}

/** A pasted link to one of our videos: the video, then an empty paragraph to go on typing in. */
export function insertVideo(editor: Editor, video: { id: string; title: string }): void {
  const block: VideoElement = { type: 'video', id: video.id, title: video.title, children: [{ text: '' }] };
  const at = insertTopLevel(editor, block);
  Transforms.select(editor, Editor.start(editor, [(at[0] as number) + 1]));
}

/**
 * Puts a table or video at the top level where the caret is: in place of an empty line, or
 * splitting the line the caret is in; after the list, table or code block the caret is in. An
 * empty paragraph follows it. Returns where the block went.
 */
function insertTopLevel(editor: Editor, block: NoteElement): number[] {
  let index = editor.children.length;
  Editor.withoutNormalizing(editor, () => {
    if (editor.selection && Range.isExpanded(editor.selection)) Transforms.delete(editor);
    const line = currentLine(editor);
    const point = editor.selection?.anchor;
    if (line && point && line[1].length === 1 && isTextBlock(line[0])) {
      index = line[1][0] as number;
      if (Editor.isEmpty(editor, line[0])) Transforms.removeNodes(editor, { at: line[1] });
      else if (Editor.isEnd(editor, point, line[1])) index += 1;
      else if (!Editor.isStart(editor, point, line[1])) {
        Transforms.splitNodes(editor, { at: point, match: (_, path) => path.length === 1, always: true });
        index += 1;
      }
    } else if (point) {
      index = (point.path[0] as number) + 1;
    }
    Transforms.insertNodes(editor, [block, paragraph()], { at: [index] });
  });
  return [index];
}
