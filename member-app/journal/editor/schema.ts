/**
 * The shape every document keeps while it is edited, enforced by Slate's normalization: the editor
 * can then only hold what serialize() writes one way and deserialize() reads back. deserialize()
 * produces documents already in this shape (keep the two in step).
 */
import {
  createEditor,
  type Descendant,
  Editor,
  Element,
  type Node,
  Node as Nodes,
  Path,
  Text,
  Transforms,
} from 'slate';
import {
  INLINE_TYPES,
  isListType,
  isTextBlock,
  MARKS,
  type NoteElement,
  paragraph,
  VOID_TYPES,
} from './types.ts';

export function withSchema<T extends Editor>(editor: T): T {
  const { isInline, isVoid, normalizeNode } = editor;
  editor.isInline = (element) => INLINE_TYPES.has(element.type) || isInline(element);
  editor.isVoid = (element) => VOID_TYPES.has(element.type) || isVoid(element);
  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if (Editor.isEditor(node)) {
      if (fixDocument(editor)) return;
      // Text or an inline at the top level goes into a paragraph (Slate removes it otherwise).
      normalizeNode(entry, { ...options, fallbackElement: () => paragraph() });
      return;
    }
    if (Element.isElement(node) && fixElement(editor, node, path)) return;
    normalizeNode(entry, options);
  };
  return editor;
}

/** A document starts and stays non-empty, and ends with a paragraph when a table or video is last
 *  (there would be nowhere to type after it). */
function fixDocument(editor: Editor): boolean {
  const last = editor.children.at(-1);
  if (last === undefined || (Element.isElement(last) && (last.type === 'table' || last.type === 'video'))) {
    Transforms.insertNodes(editor, paragraph(), { at: [editor.children.length] });
    return true;
  }
  return false;
}

/** Applies the first fix `element` needs, if any (Slate normalizes again after each fix). */
function fixElement(editor: Editor, element: NoteElement, path: Path): boolean {
  const parent = path.length > 1 ? (Nodes.parent(editor, path) as NoteElement) : null;
  const children = element.children as Descendant[];
  switch (element.type) {
    case 'list-item':
      if (!parent || !isListType(parent.type)) return setType(editor, path, 'paragraph');
      return flattenLine(editor, children, path);
    case 'table-cell':
      if (parent?.type !== 'table-row') return setType(editor, path, 'paragraph');
      return flattenLine(editor, children, path);
    case 'bulleted-list':
    case 'numbered-list':
      // Only items: a line becomes an item, anything else (a table, a video) moves out of the list.
      return fixChildren(editor, children, path, 'list-item');
    case 'table':
      return fixChildren(editor, children, path, 'table-row');
    case 'table-row': {
      if (parent?.type !== 'table') return unwrap(editor, path);
      const previous = path[path.length - 1] ? (Nodes.get(editor, Path.previous(path)) as NoteElement) : null;
      // Header rows only lead the table.
      if (element.header && previous && !('header' in previous && previous.header)) {
        Transforms.unsetNodes(editor, 'header', { at: path });
        return true;
      }
      const loose = children.findIndex((child) => Text.isText(child) || editor.isInline(child));
      if (loose >= 0) {
        Transforms.wrapNodes(editor, { type: 'table-cell', children: [] }, { at: path.concat(loose) });
        return true;
      }
      return fixChildren(editor, children, path, 'table-cell');
    }
    case 'code-block':
      return plainText(editor, children, path);
    case 'link':
      if (Editor.above(editor, { at: path, match: (n) => Element.isElement(n) && n.type === 'link' })) {
        return unwrap(editor, path);
      }
      // A link with nothing left in it shows nothing: it goes.
      if (Nodes.string(element) === '' && !children.some((child) => Element.isElement(child))) {
        Transforms.removeNodes(editor, { at: path });
        return true;
      }
      return false;
    default:
      return isTextBlock(element) ? flattenLine(editor, children, path) : false;
  }
}

/** A container's children must be of `type`: other lines are turned into it, other blocks move out. */
function fixChildren(
  editor: Editor,
  children: Descendant[],
  path: Path,
  type: 'list-item' | 'table-row' | 'table-cell',
) {
  const index = children.findIndex((child) => !Element.isElement(child) || child.type !== type);
  if (index < 0) return false;
  const child = children[index] as Node;
  const at = path.concat(index);
  if (type === 'table-row' && Element.isElement(child) && child.type === 'table-cell') {
    Transforms.wrapNodes(editor, { type: 'table-row', children: [] }, { at });
  } else if (type === 'list-item' && Element.isElement(child) && isListType(child.type)) {
    // A list in a list: its items join the outer list where it stood (notes keep lists flat).
    Transforms.unwrapNodes(editor, { at });
  } else if (Element.isElement(child) && isTextBlock(child) && type !== 'table-row') {
    Transforms.setNodes(editor, { type }, { at });
  } else if (Element.isElement(child) && !editor.isInline(child)) {
    Transforms.liftNodes(editor, { at });
  } else {
    // Text inside a list or table (Slate keeps blocks only there): into a line of its own.
    Transforms.wrapNodes(editor, { type: type === 'table-row' ? 'paragraph' : type, children: [] }, { at });
  }
  return true;
}

/** A line holds text and inlines: a line inside it gives up its text, other blocks move out. */
function flattenLine(editor: Editor, children: Descendant[], path: Path): boolean {
  const index = children.findIndex((child) => Element.isElement(child) && !editor.isInline(child));
  if (index < 0) return false;
  const child = children[index] as NoteElement;
  if (isTextBlock(child)) Transforms.unwrapNodes(editor, { at: path.concat(index) });
  else Transforms.liftNodes(editor, { at: path.concat(index) });
  return true;
}

/** Code is plain text: no marks, links become their text, chips their `$SYMBOL`, images go. */
function plainText(editor: Editor, children: Descendant[], path: Path): boolean {
  for (const [index, child] of children.entries()) {
    const at = path.concat(index);
    if (Element.isElement(child)) {
      if (child.type === 'link') Transforms.unwrapNodes(editor, { at });
      else {
        Transforms.removeNodes(editor, { at });
        if (child.type === 'cashtag') Transforms.insertNodes(editor, { text: `$${child.symbol}` }, { at });
      }
      return true;
    }
    if (MARKS.some((mark) => child[mark])) {
      Transforms.unsetNodes(editor, [...MARKS], { at });
      return true;
    }
  }
  return false;
}

function setType(editor: Editor, at: Path, type: 'paragraph'): true {
  Transforms.setNodes(editor, { type }, { at });
  return true;
}

function unwrap(editor: Editor, at: Path): true {
  Transforms.unwrapNodes(editor, { at });
  return true;
}

/** Puts a document in the editor's shape without an editor on screen (loading a note, tests). */
export function normalized(nodes: Descendant[]): Descendant[] {
  const editor = withSchema(createEditor());
  editor.children = structuredClone(nodes);
  Editor.normalize(editor, { force: true });
  return editor.children;
}
