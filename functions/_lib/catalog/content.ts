import { z } from 'zod';

/** Shape of content/seed/catalog.json; an editor's typo fails the seed with the field's path. */
export const catalogContent = z.object({
  playlists: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9_]+$/, 'use lower-case letters, digits and _'),
        title: z.string().min(1),
        /** With a Vimeo library (npm run content:sync): the showcase whose videos form this playlist. */
        vimeoShowcase: z.string().regex(/^\d+$/, 'use the showcase id from its Vimeo URL').optional(),
      }),
    )
    .min(1),
  tags: z.array(
    z.object({
      canonical: z.string().regex(/^[a-z0-9-]+$/, 'use lower-case letters, digits and -'),
      tag: z.string().min(1),
    }),
  ),
});
export type CatalogContent = z.infer<typeof catalogContent>;
