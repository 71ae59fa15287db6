/**
 * Tables keep their grid while the member types (after Slate's tables example): Enter in a cell is
 * a line break in the cell, Backspace and Delete stop at a cell's edges, and the text of the line
 * after a table never merges into its last cell. Tab moves between cells (see moveToCell).
 */
import { Editor, Element, type Node, type Path, Point, Range, Transforms } from 'slate';
import type { NoteElement } from './types.ts';

const isType = (type: NoteElement['type']) => (n: Node) => Element.isElement(n) && n.type === type;

export function withTables<T extends Editor>(editor: T): T {
  const { insertBreak, deleteBackward, deleteForward } = editor;

  editor.insertBreak = () => {
    if (cellAt(editor)) return editor.insertText('\n');
    insertBreak();
  };

  editor.deleteBackward = (unit) => {
    if (!stopsAtEdge(editor, 'start')) deleteBackward(unit);
  };
  editor.deleteForward = (unit) => {
    if (!stopsAtEdge(editor, 'end')) deleteForward(unit);
  };

  return editor;
}

/** True when deleting from a collapsed caret at a cell's edge, or next to a table, must not go on. */
function stopsAtEdge(editor: Editor, edge: 'start' | 'end'): boolean {
  const { selection } = editor;
  if (!selection || !Range.isCollapsed(selection)) return false;
  const cell = cellAt(editor);
  if (cell) return Point.equals(selection.anchor, Editor[edge](editor, cell[1]));
  // A top-level line next to a table: only an empty one goes (the caret moves into the table).
  const index = selection.anchor.path[0] as number;
  if (!Point.equals(selection.anchor, Editor[edge](editor, [index]))) return false;
  const neighbour = editor.children[edge === 'start' ? index - 1 : index + 1];
  if (!neighbour || !isType('table')(neighbour)) return false;
  if (edge === 'start' && Editor.isEmpty(editor, editor.children[index] as NoteElement)) {
    Transforms.removeNodes(editor, { at: [index] });
    Transforms.select(editor, Editor.end(editor, [index - 1]));
  }
  return true;
}

export function cellAt(editor: Editor): [NoteElement, Path] | null {
  if (!editor.selection) return null;
  const entry = Editor.above(editor, { at: editor.selection.anchor, match: isType('table-cell') });
  return (entry as [NoteElement, Path] | undefined) ?? null;
}

/**
 * Tab / Shift+Tab in a table: to the next or previous cell, selecting its text. Tab in the last
 * cell adds a row (the inserted 3×3 table can grow). Returns false outside tables, so Tab keeps
 * moving the focus out of the editor there.
 */
export function moveToCell(editor: Editor, reverse: boolean): boolean {
  const cell = cellAt(editor);
  if (!cell) return false;
  const table = Editor.above(editor, { at: cell[1], match: isType('table') });
  if (!table) return false;
  const [, tablePath] = table;
  const cells = Array.from(
    Editor.nodes(editor, { at: tablePath, match: isType('table-cell') }),
    ([, p]) => p,
  );
  const index = cells.findIndex((p) => p.join() === cell[1].join());
  let target = cells[index + (reverse ? -1 : 1)];
  if (!target && !reverse) {
    const lastRow = cell[1].slice(0, -1);
    const [row] = Editor.node(editor, lastRow);
    const width = Element.isElement(row) ? row.children.length : 1;
    const rowPath = [...tablePath, (lastRow.at(-1) as number) + 1];
    Transforms.insertNodes(editor, newRow(width), { at: rowPath });
    target = [...rowPath, 0];
  }
  if (target) Transforms.select(editor, Editor.range(editor, target));
  return true;
}

const newRow = (width: number): NoteElement => ({
  type: 'table-row',
  children: Array.from({ length: width }, () => ({ type: 'table-cell', children: [{ text: '' }] })),
});

/** docs/product.md §2: a new table is 3×3, its first row the header. */
export function newTable(): NoteElement {
  return {
    type: 'table',
    children: [{ ...newRow(3), header: true } as NoteElement, newRow(3), newRow(3)],
  };
}
