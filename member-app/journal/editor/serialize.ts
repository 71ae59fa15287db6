/**
 * Document → the note's HTML, written exactly as the server's sanitizer prints it (same elements,
 * attribute order, escaping, `<br />` and `<img … />`), so `sanitizeNoteBody(serialize(doc))` is
 * `serialize(doc)` and a saved note comes back unchanged. Pure: runs in the browser, in Node tests
 * and on the server alike.
 *
 * Canonical forms:
 *   <p>…</p>  <h1>…</h1> <h2>…</h2> <h3>…</h3>  <blockquote><p>…</p><p>…</p></blockquote>
 *   <ul><li>…</li></ul>  <ol><li>…</li></ol>  <pre><code>…</code></pre>
 *   <table><thead><tr><th>…</th></tr></thead><tbody><tr><td>…</td></tr></tbody></table>
 *   <div data-video="{id}" data-title="{title}"></div>
 *   <a href="…">…</a>  <span data-cashtag="ABCD">$ABCD</span>  <img src="https://…" alt="…" />
 *   <strong><em><u><code>text</code></u></em></strong>   a line break: <br />
 *
 * Spaces that HTML would collapse are written as U+00A0 (whitespace.ts), so what the member typed is
 * what any page showing the note displays, and deserialize() reads it back to the same HTML.
 *
 * The writer is total: whatever the tree, it writes only well-nested allowed markup (a block found
 * where a line of text belongs is written as its text), because the sanitizer's parser would
 * otherwise re-nest it and the saved note would differ from the one on screen.
 */
import { type Descendant, Node } from 'slate';
import { cashtagSymbol } from './cashtags.ts';
import { BLOCK_TAGS, INLINE_TYPES, MARKS, type Mark, type NoteElement } from './types.ts';
import { imageSrc, isVideoId, linkHref } from './urls.ts';
import { ATOM, encodeSpaces } from './whitespace.ts';

const MARK_TAGS: Record<Mark, string> = { bold: 'strong', italic: 'em', underline: 'u', code: 'code' };
/** The sanitizer keeps the first 200 UTF-16 units of a video's title. */
const MAX_VIDEO_TITLE = 200;

export function serialize(document: readonly Descendant[]): string {
  const nodes = endsWithCaretLine(document) ? document.slice(0, -1) : document;
  let html = '';
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as Descendant;
    if (isElement(node) && node.type === 'quote') {
      // Consecutive quote lines are one <blockquote>, a <p> per line.
      html += '<blockquote>';
      for (; isElement(nodes[i]) && (nodes[i] as NoteElement).type === 'quote'; i++) {
        html += `<p>${line((nodes[i] as NoteElement).children)}</p>`;
      }
      html += '</blockquote>';
      i--;
    } else {
      html += block(node);
    }
  }
  return html;
}

/**
 * The empty paragraph the editor keeps after a final table or video (schema.ts) is a place for the
 * caret, not part of the note: not written, so a note ending with a video reads back unchanged.
 */
function endsWithCaretLine(nodes: readonly Descendant[]): boolean {
  const [before, last] = nodes.slice(-2);
  return (
    isElement(before) &&
    (before.type === 'table' || before.type === 'video') &&
    isElement(last) &&
    last.type === 'paragraph' &&
    last.children.length === 1 &&
    (last.children[0] as { text?: string }).text === ''
  );
}

function block(node: Descendant): string {
  if (!isElement(node) || isInlineType(node.type)) return `<p>${line([node])}</p>`;
  switch (node.type) {
    case 'heading-one':
    case 'heading-two':
    case 'heading-three': {
      const tag = BLOCK_TAGS[node.type];
      return `<${tag}>${line(node.children)}</${tag}>`;
    }
    case 'bulleted-list':
    case 'numbered-list': {
      const tag = BLOCK_TAGS[node.type];
      return node.children.length
        ? `<${tag}>${node.children.map((item) => `<li>${lineOf(item)}</li>`).join('')}</${tag}>`
        : '';
    }
    case 'code-block':
      return `<pre><code>${escapeText(settled(Node.string(node)))}</code></pre>`;
    case 'table':
      return table(node.children);
    case 'video':
      return video(node.id, node.title);
    default:
      // Paragraphs, and any line found out of place (a list item or cell on its own).
      return `<p>${line(node.children)}</p>`;
  }
}

function table(children: readonly Descendant[]): string {
  const rows = children.filter((row) => isElement(row) && row.children.length > 0) as NoteElement[];
  if (rows.length === 0) return '';
  const headRows = rows.findIndex((row) => !('header' in row && row.header));
  const split = headRows === -1 ? rows.length : headRows;
  const section = (tag: string, cell: string, part: NoteElement[]) =>
    part.length
      ? `<${tag}>${part.map((row) => `<tr>${row.children.map((c) => `<${cell}>${lineOf(c)}</${cell}>`).join('')}</tr>`).join('')}</${tag}>`
      : '';
  return `<table>${section('thead', 'th', rows.slice(0, split))}${section('tbody', 'td', rows.slice(split))}</table>`;
}

function video(id: string, title: string): string {
  if (!isVideoId(id)) return '';
  let shown = settled(title).slice(0, MAX_VIDEO_TITLE);
  // Never end on half of a character the cut split in two.
  if (/[\ud800-\udbff]$/.test(shown)) shown = shown.slice(0, -1);
  return `<div data-video="${escapeAttribute(id)}"${shown ? ` data-title="${escapeAttribute(shown)}"` : ''}></div>`;
}

/** One line of text: a text block's children, or the text of whatever stands where a line belongs. */
const lineOf = (node: Descendant) =>
  line(isElement(node) && !isInlineType(node.type) ? node.children : [node]);

/** The flat run of a line: text with its marks, link edges, and atoms (chips, images) as finished HTML. */
type Token =
  | { kind: 'text'; text: string; marks: Mark[] }
  | { kind: 'open'; href: string }
  | { kind: 'close' }
  | { kind: 'atom'; html: string };

function line(children: readonly Descendant[]): string {
  const tokens: Token[] = [];
  flatten(children, tokens, false);
  encodeLine(tokens);
  return write(tokens);
}

function flatten(children: readonly Descendant[], tokens: Token[], inLink: boolean): void {
  let afterBlock = false;
  for (const child of children) {
    if (!isElement(child)) {
      // Tabs and form feeds are spaces to HTML; a line break is '\n' only.
      const text = settled(child.text).replace(/[\t\f]/g, ' ');
      if (text) tokens.push({ kind: 'text', text, marks: MARKS.filter((mark) => child[mark]) });
      continue;
    }
    switch (child.type) {
      case 'link': {
        // A link inside a link, or to an address the sanitizer would drop, is written as its text.
        const href = inLink ? null : linkHref(child.url);
        const start = tokens.length;
        if (href !== null) tokens.push({ kind: 'open', href });
        flatten(child.children, tokens, inLink || href !== null);
        // An empty link shows nothing and would not be read back: leave it out.
        if (href !== null && tokens.length === start + 1) tokens.pop();
        else if (href !== null) tokens.push({ kind: 'close' });
        break;
      }
      case 'cashtag': {
        const symbol = cashtagSymbol(child.symbol);
        if (symbol) tokens.push({ kind: 'atom', html: `<span data-cashtag="${symbol}">$${symbol}</span>` });
        break;
      }
      case 'image': {
        const src = imageSrc(child.src);
        if (src)
          tokens.push({
            kind: 'atom',
            html: `<img src="${escapeAttribute(src)}" alt="${escapeAttribute(child.alt)}" />`,
          });
        break;
      }
      default:
        // A block where a line belongs (never made by the editor): its text, on lines of its own.
        if (afterBlock || tokens.length) tokens.push({ kind: 'text', text: '\n', marks: [] });
        flatten(
          child.type === 'code-block' ? [{ text: Node.string(child) }] : child.children,
          tokens,
          inLink,
        );
        afterBlock = true;
    }
  }
}

/** Turns the spaces HTML would collapse into U+00A0 (see whitespace.ts). */
function encodeLine(tokens: Token[]): void {
  const parts = tokens.filter((t) => t.kind === 'text' || t.kind === 'atom');
  const encoded = encodeSpaces(parts.map((t) => (t.kind === 'text' ? t.text : ATOM)));
  parts.forEach((token, i) => {
    if (token.kind === 'text') token.text = encoded[i] as string;
  });
}

function write(tokens: readonly Token[]): string {
  let html = '';
  const open: Mark[] = [];
  const closeTo = (depth: number) => {
    while (open.length > depth) html += `</${MARK_TAGS[open.pop() as Mark]}>`;
  };
  for (const token of tokens) {
    if (token.kind === 'text') {
      let kept = 0;
      while (kept < open.length && open[kept] === token.marks[kept]) kept++;
      closeTo(kept);
      for (const mark of token.marks.slice(kept)) {
        html += `<${MARK_TAGS[mark]}>`;
        open.push(mark);
      }
      html += escapeText(token.text).replaceAll('\n', '<br />');
    } else {
      closeTo(0);
      html +=
        token.kind === 'open'
          ? `<a href="${escapeAttribute(token.href)}">`
          : token.kind === 'close'
            ? '</a>'
            : token.html;
    }
  }
  closeTo(0);
  return html;
}

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** NUL and carriage returns, which HTML parsers drop or rewrite, settled before writing. */
const settled = (value: string) => value.replaceAll('\0', '').replace(/\r\n?/g, '\n');

/** As the sanitizer writes attributes. */
const escapeAttribute = (value: string) => escapeText(settled(value)).replaceAll('"', '&quot;');

const isElement = (node: Descendant | undefined): node is NoteElement => node !== undefined && 'type' in node;
const isInlineType = (type: NoteElement['type']) => INLINE_TYPES.has(type);
