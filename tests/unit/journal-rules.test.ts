import { describe, expect, it } from 'vitest';
import {
  CASHTAG,
  CATEGORY_ID,
  categoryNameError,
  cleanSymbols,
  NOTE_ID,
  noteTitleError,
  VIDEO_LINK,
  videoNoteTitle,
} from '../../functions/_lib/journal/rules.ts';

describe('journal rules (docs/product.md §5, shared by the server and the editor)', () => {
  it.each([
    [
      ['abcd', 'ABCD', ' efg '],
      ['ABCD', 'EFG'],
    ],
    [['ab', 'abcdefgh', 'ab1c', 'a b', ''], []],
    [
      ['brk.a', '^dji', 'otc-x'],
      ['BRK.A', '^DJI', 'OTC-X'],
    ],
    [
      ['abc', 'abcdefg'],
      ['ABC', 'ABCDEFG'],
    ],
  ])('cleanSymbols(%j) → %j', (input, output) => {
    expect(cleanSymbols(input)).toEqual(output);
  });

  it.each([
    ['', 'Give the note a title'],
    ['  ', 'Give the note a title'],
    ['x'.repeat(65), null],
    ['x'.repeat(66), 'Titles are at most 65 characters'],
    ['📈'.repeat(65), null],
  ])('noteTitleError(%j) → %j', (title, error) => {
    expect(noteTitleError(title)).toBe(error);
  });

  it.each([
    ['', 'Give the category a name'],
    ['x'.repeat(20), null],
    ['x'.repeat(21), 'Category names are at most 20 characters'],
  ])('categoryNameError(%j) → %j', (name, error) => {
    expect(categoryNameError(name)).toBe(error);
  });

  it.each([
    ['Level 2 basics', 'Notes for Level 2 basics'],
    ['x'.repeat(55), `Notes for ${'x'.repeat(55)}`],
    ['x'.repeat(56), `Notes for ${'x'.repeat(52)}...`],
  ])('videoNoteTitle(%j) → %j, never over 65', (video, title) => {
    expect(videoNoteTitle(video)).toBe(title);
    expect([...videoNoteTitle(video)].length).toBeLessThanOrEqual(65);
  });

  it.each([
    ['Long $ABCD here', ['ABCD']],
    ['$ABC is too short, $ABCDEFGHI too long, $BRK.A fine', ['BRK.A']],
    ['$abcd and $EFGH. Then $^DJI, $OTC-X!', ['abcd', 'EFGH', '^DJI', 'OTC-X']],
    ['no cashtags $ 1234', []],
  ])('cashtags in %j → %j', (text, tags) => {
    expect([...text.matchAll(CASHTAG)].map((m) => m[1])).toEqual(tags);
  });

  it.each([
    ['note_AbC123xyz0987654', NOTE_ID, true],
    ['note_AbC123xyz098765', NOTE_ID, false],
    ['note_AbC123xyz098765!', NOTE_ID, false],
    ['category_AbC123xyz0987654', CATEGORY_ID, true],
    ['category_AbC123xyz0987654\n', CATEGORY_ID, false],
  ])('%j matches %s: %s', (id, pattern, ok) => {
    expect(pattern.test(id)).toBe(ok);
  });

  it.each([
    ['https://otcedge.app/videos/watch/abc123/level-2-basics', 'abc123'],
    ['http://localhost:8888/videos/watch/vid_x-1', 'vid_x-1'],
    ['https://otcedge.app/articles/x', undefined],
  ])('a pasted %s embeds video %s', (url, id) => {
    expect(VIDEO_LINK.exec(url)?.[1]).toBe(id);
  });
});
