import { z } from 'zod';
import { Body, type ContractEntry } from './shared.ts';

/**
 * docs/product.md §3 Article (title, preview, img, body) with what the pages need: its address, the cover's
 * description, the date and whether it is free. `body` is HTML rendered from the editor's Markdown.
 */
export const Article = z.object({
  slug: z.string(),
  title: z.string(),
  preview: z.string(),
  img: z.string(),
  imgAlt: z.string(),
  date: z.string(),
  free: z.boolean(),
  body: z.string(),
});
export type Article = z.infer<typeof Article>;

export const articlesApi = {
  // Every article with its body: members only (docs/product.md §6).
  articles: {
    method: 'POST',
    request: Body,
    response: z.object({ articles: z.array(Article) }),
  },
  // The free articles with their bodies: anyone (docs/product.md §4 start-up without a token).
  'articles/free': {
    method: 'POST',
    request: Body,
    response: z.object({ articles: z.array(Article) }),
  },
  // An article read to its end (or marked read) by the member: a course lesson it is counts as done.
  'articles/read': {
    method: 'POST',
    request: Body.extend({ article: z.string().min(1).max(200) }),
    response: z.object({ read: z.literal(true) }),
  },
} as const satisfies Record<string, ContractEntry>;
