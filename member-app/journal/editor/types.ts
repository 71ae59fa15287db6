/**
 * The journal editor's document model: one Slate element per piece of the note's stored HTML (the
 * server's allow-list in functions/_lib/journal/sanitize.ts), so every document the editor can hold
 * has exactly one way to be written (serialize.ts) and read back (deserialize.ts).
 */
import type { BaseEditor, Descendant, Element } from 'slate';
import type { HistoryEditor } from 'slate-history';
import type { ReactEditor } from 'slate-react';

/** Marks, in the order they nest in HTML: <strong><em><u><code>text</code></u></em></strong>. */
export const MARKS = ['bold', 'italic', 'underline', 'code'] as const;
export type Mark = (typeof MARKS)[number];

export type FormattedText = { text: string } & { [M in Mark]?: true };

/** Blocks whose children are text and inlines. */
export type TextBlockType = 'paragraph' | 'heading-one' | 'heading-two' | 'heading-three' | 'quote';
export type ListType = 'bulleted-list' | 'numbered-list';

export interface TextBlockElement {
  type: TextBlockType;
  children: NoteNode[];
}
export interface ListElement {
  type: ListType;
  children: NoteNode[];
}
export interface ListItemElement {
  type: 'list-item';
  children: NoteNode[];
}
/** `<pre><code>`: plain text only (no marks, no inlines); newlines are kept as they are. */
export interface CodeBlockElement {
  type: 'code-block';
  children: FormattedText[];
}
export interface TableElement {
  type: 'table';
  children: NoteNode[];
}
/** `header` rows come first and are written as `<thead>` with `<th>` cells. */
export interface TableRowElement {
  type: 'table-row';
  header?: true;
  children: NoteNode[];
}
export interface TableCellElement {
  type: 'table-cell';
  children: NoteNode[];
}
/** One of our videos, shown by the page's player card; stored as a reference, never an iframe. */
export interface VideoElement {
  type: 'video';
  id: string;
  title: string;
  children: FormattedText[];
}
export interface LinkElement {
  type: 'link';
  url: string;
  children: NoteNode[];
}
/** A stock symbol chip; `symbol` is upper-case and what the CASHTAG rule accepts. */
export interface CashtagElement {
  type: 'cashtag';
  symbol: string;
  children: FormattedText[];
}
/** An inline image, so it can stand in any line of text (a paragraph of its own, a list item, a cell). */
export interface ImageElement {
  type: 'image';
  src: string;
  alt: string;
  children: FormattedText[];
}

export type NoteElement =
  | TextBlockElement
  | ListElement
  | ListItemElement
  | CodeBlockElement
  | TableElement
  | TableRowElement
  | TableCellElement
  | VideoElement
  | LinkElement
  | CashtagElement
  | ImageElement;

/** What a document holds (Slate's Descendant, spelled out here so the types do not loop through Slate). */
export type NoteNode = NoteElement | FormattedText;

export type NoteEditor = BaseEditor & ReactEditor & HistoryEditor;

declare module 'slate' {
  interface CustomTypes {
    Editor: NoteEditor;
    Element: NoteElement;
    Text: FormattedText;
  }
}

/** The HTML element each simple block is stored and shown as (quote lines are stored as a <p> each
 *  inside one <blockquote>, see serialize.ts). */
export const BLOCK_TAGS = {
  paragraph: 'p',
  'heading-one': 'h1',
  'heading-two': 'h2',
  'heading-three': 'h3',
  quote: 'blockquote',
  'bulleted-list': 'ul',
  'numbered-list': 'ol',
  'list-item': 'li',
} as const satisfies Partial<Record<NoteElement['type'], string>>;

export const INLINE_TYPES: ReadonlySet<NoteElement['type']> = new Set(['link', 'cashtag', 'image']);
export const VOID_TYPES: ReadonlySet<NoteElement['type']> = new Set(['cashtag', 'image', 'video']);
/** Blocks that hold a line of text and inlines (what toggling a heading or a list acts on). */
export const TEXT_BLOCK_TYPES: ReadonlySet<NoteElement['type']> = new Set([
  'paragraph',
  'heading-one',
  'heading-two',
  'heading-three',
  'quote',
  'list-item',
  'table-cell',
]);

export const isListType = (type: string): type is ListType =>
  type === 'bulleted-list' || type === 'numbered-list';

export const paragraph = (children: Descendant[] = [{ text: '' }]): TextBlockElement => ({
  type: 'paragraph',
  children,
});

export const isElementOf = <T extends NoteElement['type']>(
  node: Descendant | undefined,
  type: T,
): node is Extract<NoteElement, { type: T }> => node !== undefined && 'type' in node && node.type === type;

export const isTextBlock = (node: Descendant | undefined): node is Element =>
  node !== undefined && 'type' in node && TEXT_BLOCK_TYPES.has(node.type);
