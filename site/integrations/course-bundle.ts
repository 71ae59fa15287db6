import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { COURSE_BUNDLE_FILE, COURSES_DIR, writeCourseBundle } from '../../functions/_lib/courses/bundle.ts';

/**
 * Writes the course functions' bundle (functions/_lib/courses/courses.gen.json: the courses with
 * their answers and notes, for the functions only) whenever Astro starts, as articleBundle does for
 * the articles; rewritten on every course edit under `astro dev`.
 */
export function courseBundle(): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'otc-edge:course-bundle',
    hooks: {
      'astro:config:setup': ({ config, logger }) => {
        root = fileURLToPath(config.root);
        const { courses, written } = writeCourseBundle(root);
        logger.info(`${courses} courses bundled${written ? `, ${COURSE_BUNDLE_FILE} written` : ''}`);
      },
      'astro:server:setup': ({ server, logger }) => {
        const dir = path.join(root, COURSES_DIR);
        server.watcher.add(dir);
        server.watcher.on('all', (_event, file) => {
          if (!file.startsWith(dir + path.sep)) return;
          try {
            writeCourseBundle(root);
          } catch (error) {
            logger.error(error instanceof Error ? error.message : String(error));
          }
        });
      },
    },
  };
}
