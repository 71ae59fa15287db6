/**
 * The toolbar's tools and the keyboard shortcuts (docs/product.md §2: link and image prompt for a URL, a
 * table is 3×3 with a header). Marks and blocks say whether they are on at the selection.
 */
import type { Editor } from 'slate';
import {
  activeLink,
  applyLink,
  type BlockFormat,
  insertImage,
  insertTable,
  isBlockActive,
  isMarkActive,
  toggleBlock,
  toggleMark,
} from './commands.ts';
import type { Mark } from './types.ts';

export interface Tool {
  label: string;
  /** What the button shows; `label` is its accessible name. */
  text: string;
  shortcut?: string;
  /** Marks and blocks are toggle buttons (aria-pressed); the other tools are actions. */
  pressed?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
  /** Starts a new group of buttons. */
  group?: true;
}

const mark = (m: Mark, label: string, text: string, key: string): Tool => ({
  label,
  text,
  shortcut: key,
  pressed: (editor) => isMarkActive(editor, m),
  run: (editor) => toggleMark(editor, m),
});

const block = (format: BlockFormat, label: string, text: string): Tool => ({
  label,
  text,
  pressed: (editor) => isBlockActive(editor, format),
  run: (editor) => toggleBlock(editor, format),
});

export const TOOLS: Tool[] = [
  mark('bold', 'Bold', 'B', 'B'),
  mark('italic', 'Italic', 'I', 'I'),
  mark('underline', 'Underline', 'U', 'U'),
  mark('code', 'Code', '</>', '`'),
  { ...block('heading-one', 'Heading 1', 'H1'), group: true },
  block('heading-two', 'Heading 2', 'H2'),
  block('heading-three', 'Heading 3', 'H3'),
  { ...block('bulleted-list', 'Bulleted list', '•'), group: true },
  block('numbered-list', 'Numbered list', '1.'),
  block('quote', 'Quote', '❝'),
  // Not a toggle: inside a link it edits the address (the prompt starts from it) or removes it.
  { label: 'Link', text: 'Link', run: promptLink, group: true },
  { label: 'Image', text: 'Image', run: promptImage },
  { label: 'Table', text: 'Table', run: insertTable },
];

function promptLink(editor: Editor): void {
  const input = window.prompt(
    'Link address (https://…, mailto:… or /path). Leave it empty to remove the link.',
    activeLink(editor) ?? '',
  );
  if (input !== null && applyLink(editor, input) === 'refused') {
    window.alert('Links must start with http://, https://, mailto: or /');
  }
}

function promptImage(editor: Editor): void {
  const input = window.prompt('Image address (https://…)');
  if (input && !insertImage(editor, input)) window.alert('Images must be an http:// or https:// address');
}

const IS_APPLE = typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform);
const SHORTCUT_MARKS: Record<string, Mark> = { b: 'bold', i: 'italic', u: 'underline', '`': 'code' };

/** The mark a shortcut toggles: mod+B, mod+I, mod+U, mod+` (mod is ⌘ on Apple devices, Ctrl elsewhere). */
export function markForShortcut(event: {
  key: string;
  metaKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}): Mark | null {
  const mod = IS_APPLE ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  if (!mod || event.altKey || event.shiftKey) return null;
  return SHORTCUT_MARKS[event.key.toLowerCase()] ?? null;
}

/** "Ctrl+B", or "⌘B" on Apple devices, for tooltips. */
export const shortcutText = (key: string) => (IS_APPLE ? `⌘${key}` : `Ctrl+${key}`);
