/**
 * The front-matter of an article (content/articles/{slug}.md). Zod only, no Node modules: the build
 * (content.ts) checks every article with it, and the content editor (/admin/) derives its article
 * fields from it and checks every save against it.
 */
import { z } from 'zod';

const text = z.string().trim().min(1);

export const articleFrontMatter = z.strictObject({
  /** Headline; also decides the address (/articles/{slug}) and so the file name. */
  title: text.max(110),
  /** Standfirst under the headline; the list shows its first 140 characters. Public for every article. */
  preview: text.min(60).max(320),
  /** Cover image, e.g. /images/articles/level_2.webp (1200×630 recommended). */
  image: z.string().regex(/^\/images\/articles\/[\w-]+\.(webp|avif|jpg|jpeg|png)$/, {
    error:
      'must be a file in site/public/images/articles/ (.webp, .avif, .jpg or .png), e.g. /images/articles/x.webp',
  }),
  /** What the image shows, for screen readers. */
  imageAlt: text.max(200),
  /** Publication date, YYYY-MM-DD; the newest article is featured. */
  date: z.iso.date({ error: 'must be a date written YYYY-MM-DD' }),
  /** true: everyone reads it; false: members only (visitors see the title, preview and image). */
  free: z.boolean({ error: 'must be true (everyone may read it) or false (members only)' }),
});

export type ArticleFrontMatter = z.infer<typeof articleFrontMatter>;
