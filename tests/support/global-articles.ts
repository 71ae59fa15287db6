// Vitest globalSetup: the article functions import the bundle the build writes from content/articles
// (functions/_lib/articles/articles.gen.json, git-ignored). Write it here too, so the tests run on a
// fresh clone and always see the articles as they are now.
import { writeArticleBundle } from '../../functions/_lib/articles/content.ts';

export default function setup(): void {
  writeArticleBundle();
}
