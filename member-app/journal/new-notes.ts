import { newId } from '../../functions/_lib/ids.ts';
import { videoNoteTitle } from '../../functions/_lib/journal/rules.ts';

/** A new note's fields before the member types (docs/product.md §4: local until saved). */
export const blankNote = () => ({
  note_id: newId('note_'),
  title: '',
  body: '',
  symbols: [] as string[],
  categories: [] as string[],
});

const attr = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** docs/product.md §4 'Create Note' on a video page: "Notes for {title}", the video embedded first. */
export const videoNote = (video: string, title: string) => ({
  ...blankNote(),
  title: videoNoteTitle(title),
  body: `<div data-video="${attr(video)}" data-title="${attr(title)}"></div><p></p>`,
});
