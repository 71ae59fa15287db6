import { createEditor, type Descendant, Editor, Transforms } from 'slate';
import { withHistory } from 'slate-history';
import { withReact } from 'slate-react';
import { describe, expect, it } from 'vitest';
import { loadSanitizer, sanitizeNoteBody } from '../../functions/_lib/journal/sanitize.ts';
import {
  applyLink,
  insertImage,
  insertTable,
  insertVideo,
  toggleBlock,
  toggleMark,
} from '../../member-app/journal/editor/commands.ts';
import { serialize } from '../../member-app/journal/editor/html.ts';
import { normalized } from '../../member-app/journal/editor/schema.ts';
import { withEditing } from '../../member-app/journal/editor/with-editing.ts';
import { type PasteServices, withPaste } from '../../member-app/journal/editor/with-paste.ts';
import { moveToCell } from '../../member-app/journal/editor/with-tables.ts';

await loadSanitizer();

// The editor's behaviour without a browser: the same plugins NoteEditor uses, minus Slate's DOM layer.
function editorWith(...lines: string[]) {
  const editor = withEditing(withHistory(createEditor()));
  editor.children = normalized(
    lines.map((text): Descendant => ({ type: 'paragraph', children: [{ text }] })),
  );
  Transforms.select(editor, Editor.end(editor, []));
  return editor;
}

/** Types as the browser does: one character at a time, Enter as a break, Shift+Enter as a soft break. */
function type(editor: Editor, keys: string) {
  for (const key of keys) {
    if (key === '\n') editor.insertBreak();
    else if (key === '\r') editor.insertSoftBreak();
    else editor.insertText(key);
  }
}

/** The note's HTML, checked to be what the server would store unchanged. */
function html(editor: Editor) {
  const written = serialize(editor.children);
  expect(sanitizeNoteBody(written)).toBe(written);
  return written;
}

describe('cashtags become chips as they are typed (docs/product.md §5)', () => {
  it.each([
    ['Watching $abcd today', '<p>Watching <span data-cashtag="ABCD">$ABCD</span> today</p>'],
    [
      '$BRK.A, $^DJI!',
      '<p><span data-cashtag="BRK.A">$BRK.A</span>, <span data-cashtag="^DJI">$^DJI</span>!</p>',
    ],
    ['Bought $ABCD. Then', '<p>Bought <span data-cashtag="ABCD">$ABCD</span>. Then</p>'],
    ['$ABC $ABCDEFGHI $AB1 ', '<p>$ABC $ABCDEFGHI $AB1\u00a0</p>'],
    ['$ABCD\nnext', '<p><span data-cashtag="ABCD">$ABCD</span></p><p>next</p>'],
    ['$ABCD\rnext', '<p><span data-cashtag="ABCD">$ABCD</span><br />next</p>'],
  ])('%j', (keys, expected) => {
    const editor = editorWith('');
    type(editor, keys);
    expect(html(editor)).toBe(expected);
  });

  it('not in code', () => {
    const editor = editorWith('');
    toggleMark(editor, 'code');
    type(editor, '$ABCD ');
    expect(html(editor)).toBe('<p><code>$ABCD\u00a0</code></p>');
  });

  it('Backspace after a chip deletes it whole', () => {
    const editor = editorWith('');
    type(editor, 'a $ABCD ');
    editor.deleteBackward('character');
    editor.deleteBackward('character');
    expect(html(editor)).toBe('<p>a\u00a0</p>');
  });
});

describe('blocks from the toolbar', () => {
  it('headings and quote toggle on and off', () => {
    const editor = editorWith('Title');
    toggleBlock(editor, 'heading-two');
    expect(html(editor)).toBe('<h2>Title</h2>');
    toggleBlock(editor, 'heading-two');
    toggleBlock(editor, 'quote');
    expect(html(editor)).toBe('<blockquote><p>Title</p></blockquote>');
  });

  it('lists wrap the selected lines, switch kind, and unwrap', () => {
    const editor = editorWith('one', 'two');
    Transforms.select(editor, { anchor: Editor.start(editor, []), focus: Editor.end(editor, []) });
    toggleBlock(editor, 'bulleted-list');
    expect(html(editor)).toBe('<ul><li>one</li><li>two</li></ul>');
    toggleBlock(editor, 'numbered-list');
    expect(html(editor)).toBe('<ol><li>one</li><li>two</li></ol>');
    toggleBlock(editor, 'numbered-list');
    expect(html(editor)).toBe('<p>one</p><p>two</p>');
  });

  it('Enter on an empty item ends the list; Enter after a heading continues with a paragraph', () => {
    const editor = editorWith('');
    toggleBlock(editor, 'bulleted-list');
    type(editor, 'one\n\nafter');
    expect(html(editor)).toBe('<ul><li>one</li></ul><p>after</p>');
    toggleBlock(editor, 'heading-one');
    type(editor, '\nbody');
    expect(html(editor)).toBe('<ul><li>one</li></ul><h1>after</h1><p>body</p>');
  });
});

describe('tables (docs/product.md §2: 3×3 with a header)', () => {
  it('insert, Tab between cells, Enter as a line break, Tab in the last cell adds a row', () => {
    const editor = editorWith('');
    insertTable(editor);
    type(editor, 'Entry');
    moveToCell(editor, false);
    type(editor, 'Exit\rlate');
    moveToCell(editor, false);
    moveToCell(editor, true);
    moveToCell(editor, false);
    type(editor, 'P&L\n');
    expect(html(editor)).toBe(
      '<table><thead><tr><th>Entry</th><th>Exit<br />late</th><th>P&amp;L<br /></th></tr></thead>' +
        '<tbody><tr><td></td><td></td><td></td></tr><tr><td></td><td></td><td></td></tr></tbody></table>',
    );
    for (let i = 0; i < 7; i++) moveToCell(editor, false);
    expect(editor.children[0]).toMatchObject({ type: 'table', children: { length: 4 } });
  });

  it('Backspace and Delete stop at cell edges and next to a table', () => {
    const editor = editorWith('before');
    insertTable(editor);
    editor.deleteBackward('character');
    Transforms.select(editor, Editor.end(editor, []));
    type(editor, 'after');
    Transforms.select(editor, Editor.start(editor, [2]));
    editor.deleteBackward('character');
    Transforms.select(editor, Editor.end(editor, [0]));
    editor.deleteForward('character');
    expect(html(editor)).toMatch(/^<p>before<\/p><table>.*<\/table><p>after<\/p>$/);
  });
});

describe('link, image and video', () => {
  it('link: wraps the selection, an empty address removes it, bad addresses are refused', () => {
    const editor = editorWith('read the filing');
    Transforms.select(editor, { anchor: { path: [0, 0], offset: 9 }, focus: { path: [0, 0], offset: 15 } });
    expect(applyLink(editor, 'javascript:alert(1)')).toBe('refused');
    expect(applyLink(editor, '//evil.example')).toBe('refused');
    expect(applyLink(editor, ' https://www.otcmarkets.com/x ')).toBe('linked');
    expect(html(editor)).toBe('<p>read the <a href="https://www.otcmarkets.com/x">filing</a></p>');
    Transforms.select(editor, { path: [0, 1, 0], offset: 2 });
    expect(applyLink(editor, '/videos')).toBe('linked');
    expect(html(editor)).toBe('<p>read the <a href="/videos">filing</a></p>');
    expect(applyLink(editor, '')).toBe('removed');
    expect(html(editor)).toBe('<p>read the filing</p>');
  });

  it('link with nothing selected: the address is its text, typing goes on after it', () => {
    const editor = editorWith('see ');
    applyLink(editor, 'mailto:ir@example.com');
    type(editor, ' now');
    expect(html(editor)).toBe('<p>see <a href="mailto:ir@example.com">mailto:ir@example.com</a> now</p>');
  });

  it('image: an http(s) address, its file name as alt text', () => {
    const editor = editorWith('');
    expect(insertImage(editor, 'data:image/png;base64,AA')).toBe(false);
    expect(insertImage(editor, 'https://images.example.com/daily%20chart.png')).toBe(true);
    expect(html(editor)).toBe(
      '<p><img src="https://images.example.com/daily%20chart.png" alt="daily chart.png" /></p>',
    );
  });

  it('video: splits the line, an empty paragraph after it takes the caret', () => {
    const editor = editorWith('abcd');
    Transforms.select(editor, { path: [0, 0], offset: 2 });
    insertVideo(editor, { id: 'abc123', title: 'Level 2' });
    type(editor, 'notes');
    expect(html(editor)).toBe(
      '<p>ab</p><div data-video="abc123" data-title="Level 2"></div><p>notes</p><p>cd</p>',
    );
  });

  it('video in an empty line takes its place', () => {
    const editor = editorWith('');
    insertVideo(editor, { id: 'abc123', title: '' });
    expect(html(editor)).toBe('<div data-video="abc123"></div>');
    expect(editor.selection?.anchor.path).toEqual([1, 0]);
  });
});

describe('undo', () => {
  it('takes a chip back to the text typed', async () => {
    const editor = editorWith('');
    // History groups what happens in one tick; in the browser each key is its own.
    type(editor, '$ABCD');
    await Promise.resolve();
    editor.insertText(' ');
    await Promise.resolve();
    editor.undo();
    expect(html(editor)).toBe('<p>$ABCD</p>');
  });
});

describe('paste (plain text; pasted HTML goes through deserialize, checked in a browser)', () => {
  const VIDEOS: Record<string, string> = { abc123: 'Level 2' };
  function pasting(services: Partial<PasteServices> = {}, ...lines: string[]) {
    const editor = withPaste(withEditing(withHistory(withReact(createEditor()))), {
      resolveVideo: async (id) => (VIDEOS[id] ? { id, title: VIDEOS[id] } : null),
      isShown: () => true,
      ...services,
    });
    editor.children = normalized(
      lines.map((text): Descendant => ({ type: 'paragraph', children: [{ text }] })),
    );
    Transforms.select(editor, Editor.end(editor, []));
    const paste = (text: string) =>
      editor.insertData({
        getData: (t: string) => (t === 'text/plain' ? text : ''),
        types: ['text/plain'],
      } as unknown as DataTransfer);
    return { editor, paste };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('lines become paragraphs, cashtags chips', () => {
    const { editor, paste } = pasting({}, 'Notes: ');
    paste('Watching $abcd\r\nand $EFGH. too');
    expect(html(editor)).toBe(
      '<p>Notes: Watching <span data-cashtag="ABCD">$ABCD</span></p><p>and <span data-cashtag="EFGH">$EFGH</span>. too</p>',
    );
  });

  it('in a table cell, lines stay in the cell', () => {
    const { editor, paste } = pasting({}, '');
    insertTable(editor);
    paste('a\nb');
    expect(html(editor)).toContain('<th>a<br />b</th>');
  });

  it('a link to one of our videos becomes the video, then a paragraph', async () => {
    const { editor, paste } = pasting({}, 'Before');
    paste(' https://otcedge.app/videos/watch/abc123/level-2 ');
    await settle();
    type(editor, 'after');
    expect(html(editor)).toBe(
      '<p>Before</p><div data-video="abc123" data-title="Level 2"></div><p>after</p>',
    );
  });

  it('an unknown video, or a failed lookup, is a plain link', async () => {
    const { editor, paste } = pasting({}, '');
    paste('/videos/watch/nope');
    await settle();
    expect(html(editor)).toBe('<p><a href="/videos/watch/nope">/videos/watch/nope</a></p>');
    const failing = pasting({ resolveVideo: () => Promise.reject(new Error('offline')) }, '');
    failing.paste('/videos/watch/abc123');
    await settle();
    expect(html(failing.editor)).toBe('<p><a href="/videos/watch/abc123">/videos/watch/abc123</a></p>');
  });

  it('an answer arriving after the editor left the page changes nothing', async () => {
    const { editor, paste } = pasting({ isShown: () => false }, 'x');
    paste('/videos/watch/abc123');
    await settle();
    expect(html(editor)).toBe('<p>x</p>');
  });
});
