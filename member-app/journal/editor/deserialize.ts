/**
 * HTML → document, for a stored note (the sanitizer's output), a restored draft, the visitors' sample
 * and markup pasted from other sites. It reads what a browser would show: pasted `b`/`i` are bold and
 * italic, a `div` is a paragraph, other elements give their text, and scripts, styles and embeds give
 * nothing. It only makes nodes serialize() can write, already in the shape the editor keeps (see
 * schema.ts), so a note loads without changes and reads back to the HTML it was saved as.
 *
 * Uses the browser's DOMParser: call it in the browser only.
 */
import type { Descendant } from 'slate';
import { cashtag, cashtagSymbol } from './cashtags.ts';
import {
  type CodeBlockElement,
  type FormattedText,
  INLINE_TYPES,
  isElementOf,
  isListType,
  type Mark,
  type NoteElement,
  paragraph,
  type TableRowElement,
  type TextBlockType,
} from './types.ts';
import { imageSrc, isVideoId, linkHref } from './urls.ts';
import { ATOM, decodeSpaces } from './whitespace.ts';

type Marks = { [M in Mark]?: true };

const MARK_TAGS: Record<string, Mark> = {
  STRONG: 'bold',
  B: 'bold',
  EM: 'italic',
  I: 'italic',
  U: 'underline',
  CODE: 'code',
};
const TEXT_BLOCK_TAGS: Record<string, TextBlockType> = {
  P: 'paragraph',
  H1: 'heading-one',
  H2: 'heading-two',
  H3: 'heading-three',
};
/** Code, markup or widgets, not the writer's words: dropped with their text (as the sanitizer does). */
const DROPPED = new Set(
  'SCRIPT STYLE TEMPLATE NOSCRIPT IFRAME OBJECT EMBED SVG MATH TEXTAREA SELECT HEAD TITLE META LINK BUTTON INPUT HR'.split(
    ' ',
  ),
);
/** Elements a browser shows as blocks of their own: read like a `div`, so their lines stay apart. */
const BLOCK_LIKE = new Set(
  'DIV SECTION ARTICLE HEADER FOOTER MAIN ASIDE NAV FIGURE FIGCAPTION H4 H5 H6 ADDRESS DL DT DD DETAILS SUMMARY CENTER FORM FIELDSET LI CAPTION'.split(
    ' ',
  ),
);

export function deserialize(html: string): Descendant[] {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return documentOf(blocks(childrenOf(body, {})));
}

/** The document's shape rules (schema.ts): at least one block, and never a table or video last. */
function documentOf(nodes: NoteElement[]): Descendant[] {
  const last = nodes.at(-1);
  return last === undefined || last.type === 'table' || last.type === 'video'
    ? [...nodes, paragraph()]
    : nodes;
}

type Piece = FormattedText | NoteElement;

function childrenOf(node: Node, marks: Marks): Piece[] {
  return Array.from(node.childNodes).flatMap((child) => read(child, marks));
}

function read(node: ChildNode, marks: Marks): Piece[] {
  if (node.nodeType === 3) {
    // Source line breaks and tabs are spaces to a browser; <br> is the only line break.
    const text = (node.nodeValue ?? '').replace(/[\t\n\r\f]/g, ' ');
    return text ? [{ text, ...marks }] : [];
  }
  if (node.nodeType !== 1) return []; // comments, processing instructions
  const element = node as Element;
  const tag = element.nodeName.toUpperCase();
  const attribute = (name: string) => element.getAttribute(name) ?? '';

  if (DROPPED.has(tag)) return [];
  if (tag === 'BR') return [{ text: '\n', ...marks }];
  const mark = MARK_TAGS[tag];
  // Google Docs wraps a whole copied document in <b style="font-weight:normal">.
  if (mark && !(tag === 'B' && /font-weight:\s*(normal|[1-5]00)\b/.test(attribute('style')))) {
    return childrenOf(element, { ...marks, [mark]: true });
  }
  const textBlock = TEXT_BLOCK_TAGS[tag];
  if (textBlock) return [{ type: textBlock, children: line(childrenOf(element, marks)) }];

  switch (tag) {
    case 'A': {
      const url = linkHref(attribute('href'));
      const children = childrenOf(element, marks);
      return url === null ? children : [{ type: 'link', url, children }];
    }
    case 'SPAN': {
      const symbol = cashtagSymbol(attribute('data-cashtag'));
      return symbol ? [cashtag(symbol)] : childrenOf(element, marks);
    }
    case 'IMG': {
      const src = imageSrc(attribute('src'));
      return src ? [{ type: 'image', src, alt: attribute('alt'), children: [{ text: '' }] }] : [];
    }
    case 'BLOCKQUOTE':
      // Each line of a quote is a quote block; what is not a line (a list, a table) stays as it is.
      return blocks(childrenOf(element, marks)).map((block) =>
        block.type === 'paragraph' || block.type.startsWith('heading-')
          ? { type: 'quote', children: block.children }
          : block,
      );
    case 'UL':
    case 'OL':
      return list(element, tag === 'UL' ? 'bulleted-list' : 'numbered-list', marks);
    case 'PRE':
      return [codeBlock(element)];
    case 'TABLE':
      return table(element as HTMLTableElement, marks);
    case 'DIV':
      if (isVideoId(attribute('data-video'))) {
        return [
          {
            type: 'video',
            id: attribute('data-video'),
            title: attribute('data-title'),
            children: [{ text: '' }],
          },
        ];
      }
      return blockLike(childrenOf(element, marks));
    default:
      return BLOCK_LIKE.has(tag) ? blockLike(childrenOf(element, marks)) : childrenOf(element, marks);
  }
}

/** A `div` and its kind: its blocks when it holds some, otherwise one paragraph of its text. */
function blockLike(pieces: Piece[]): Piece[] {
  return pieces.some(isBlock) ? blocks(pieces) : [paragraph(line(pieces))];
}

/** Where only blocks may stand: each run of text and inlines becomes a paragraph (blank runs go). */
function blocks(pieces: Piece[]): NoteElement[] {
  const result: NoteElement[] = [];
  let run: Piece[] = [];
  const endRun = () => {
    if (hasContent(run)) result.push(paragraph(line(run)));
    run = [];
  };
  for (const piece of pieces) {
    if (isBlock(piece)) {
      endRun();
      result.push(piece);
    } else run.push(piece);
  }
  endRun();
  return result;
}

/** Items of a list; a list nested in an item continues the list after it (notes keep lists flat). */
function list(element: Element, type: 'bulleted-list' | 'numbered-list', marks: Marks): NoteElement[] {
  const items: NoteElement[] = [];
  for (const child of Array.from(element.childNodes)) {
    const isItem = child.nodeName.toUpperCase() === 'LI';
    const pieces = isItem ? childrenOf(child, marks) : read(child, marks);
    const nested = pieces.filter((piece): piece is NoteElement => isBlock(piece) && isListType(piece.type));
    const own = pieces.filter((piece) => !nested.includes(piece as NoteElement));
    // An item is kept even when empty; between items, whitespace is only the source's formatting.
    if (hasContent(own) || (isItem && nested.length === 0))
      items.push({ type: 'list-item', children: line(own) });
    for (const inner of nested) items.push(...(inner.children as NoteElement[]));
  }
  return items.length ? [{ type, children: items }] : [];
}

function codeBlock(element: Element): CodeBlockElement {
  const text = (node: Node): string =>
    node.nodeType === 3
      ? (node.nodeValue ?? '')
      : node.nodeName.toUpperCase() === 'BR'
        ? '\n'
        : Array.from(node.childNodes).map(text).join('');
  return { type: 'code-block', children: [{ text: text(element) }] };
}

/** Header rows are the `<thead>` rows, or a first row of `<th>` cells; they only ever lead. */
function table(element: HTMLTableElement, marks: Marks): NoteElement[] {
  const rows: TableRowElement[] = [];
  const rowElements = Array.from(element.rows).filter((row) => row.cells.length > 0);
  const firstAllTh = Array.from(rowElements[0]?.cells ?? []).every(
    (cell) => cell.nodeName.toUpperCase() === 'TH',
  );
  const hasHead = rowElements.some((row) => row.parentElement?.nodeName.toUpperCase() === 'THEAD');
  rowElements.forEach((row, index) => {
    const header = hasHead
      ? row.parentElement?.nodeName.toUpperCase() === 'THEAD' && rows.every((r) => r.header)
      : index === 0 && firstAllTh;
    const cells = Array.from(row.cells).map(
      (cell): NoteElement => ({ type: 'table-cell', children: line(childrenOf(cell, marks)) }),
    );
    rows.push(
      header ? { type: 'table-row', header: true, children: cells } : { type: 'table-row', children: cells },
    );
  });
  return rows.length ? [{ type: 'table', children: rows }] : [];
}

/**
 * A line of text (a paragraph, heading, item or cell): blocks found inside are flattened to their
 * text, a line break between them; spaces are read as a browser shows them; then the inlines are
 * put in the editor's shape (texts around every inline, adjacent texts with the same marks merged).
 */
function line(pieces: Piece[]): Descendant[] {
  const inlines = inlineContent(pieces);
  // Spaces over the whole line, into links too.
  const texts: FormattedText[] = [];
  const parts: string[] = [];
  const collect = (nodes: Descendant[]) => {
    for (const node of nodes) {
      if (!('type' in node)) {
        texts.push(node);
        parts.push(node.text);
      } else if (node.type === 'link') collect(node.children);
      else {
        texts.push({ text: '' }); // an atom: kept apart, its own text never changes
        parts.push(ATOM);
      }
    }
  };
  collect(inlines);
  const decoded = decodeSpaces(parts);
  texts.forEach((text, i) => {
    if (parts[i] !== ATOM) text.text = decoded[i] as string;
  });
  return shaped(inlines);
}

/**
 * Inline content of pieces: blocks among them give their own lines' content, a break in between;
 * a link inside a link gives its text (links never nest).
 */
function inlineContent(pieces: Piece[], inLink = false): Descendant[] {
  const result: Descendant[] = [];
  let afterBlock = false;
  for (const piece of pieces) {
    if (isBlock(piece)) {
      if (result.length) result.push({ text: '\n' });
      if (piece.type === 'code-block') result.push(...piece.children);
      else if (piece.type !== 'video') result.push(...inlineContent(piece.children, inLink));
      afterBlock = true;
      continue;
    }
    if (afterBlock) result.push({ text: '\n' });
    afterBlock = false;
    if (!isElementOf(piece, 'link')) result.push(piece);
    else if (inLink) result.push(...inlineContent(piece.children, true));
    else result.push({ ...piece, children: inlineContent(piece.children, true) });
  }
  return result;
}

/** Slate's shape for inline children (see normalizeNode in slate): what the editor would make of them. */
function shaped(nodes: Descendant[]): Descendant[] {
  const result: Descendant[] = [];
  for (const node of nodes) {
    const last = result.at(-1);
    if (!('type' in node)) {
      if (node.text === '') continue;
      if (last && !('type' in last) && sameMarks(last, node))
        result[result.length - 1] = { ...last, text: last.text + node.text };
      else result.push(node);
      continue;
    }
    const inline = node.type === 'link' ? { ...node, children: shaped(node.children) } : node;
    // A link with nothing in it shows nothing: it goes.
    if (
      inline.type === 'link' &&
      inline.children.length === 1 &&
      (inline.children[0] as FormattedText).text === ''
    )
      continue;
    if (!last || 'type' in last) result.push({ text: '' });
    result.push(inline);
  }
  const last = result.at(-1);
  if (!last || 'type' in last) result.push({ text: '' });
  return result;
}

const sameMarks = (a: FormattedText, b: FormattedText) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.keys(a).every((key) => key === 'text' || key in b);

/** Anything to show: an inline, a block, or text other than spaces and line breaks. */
const hasContent = (pieces: Piece[]) => pieces.some((piece) => 'type' in piece || /[^ \n]/.test(piece.text));

const isBlock = (piece: Piece | Descendant): piece is NoteElement =>
  'type' in piece && !INLINE_TYPES.has(piece.type);
