import { opensOnce, waitingFor } from '../../functions/_lib/courses/lock-words.ts';
import type { CourseProgressData, ModuleProgressData } from './progress-data.ts';

/*
 * The words of a member's course progress on the course pages (progress-mount.tsx). No imports
 * but types and the lock's words (no import either): the course pages' script must not pull in a
 * piece of the member app's first-load chunks it does not need whole (docs/benchmarks.md: the
 * bundler would split them).
 */

/** "35% complete · 7 of 20": the share and the parts (lessons, checks and goals) done. */
export const percentLine = (course: Pick<CourseProgressData, 'percent' | 'done' | 'total'>) =>
  `${course.percent}% complete · ${course.done} of ${course.total}`;

/**
 * A module's state beside its title: "Complete", "3 of 5 lessons", or, while a sequential
 * course keeps it closed, "Opens once module 2 is complete" (lock-words.ts, the server's words too).
 */
export function moduleState(modules: readonly ModuleProgressData[], index: number): string {
  const module = modules[index];
  if (!module) return '';
  if (!module.unlocked) return opensOnce(waitingFor(modules, index));
  if (module.complete) return 'Complete';
  const done = module.lessons.filter((l) => l.done).length;
  return `${done} of ${module.lessons.length} ${module.lessons.length === 1 ? 'lesson' : 'lessons'}`;
}

/** A check's state: "Passed, best 100%" or "Not passed yet". */
export function checkState(check: NonNullable<ModuleProgressData['check']>): string {
  return check.passed ? `Passed, best ${check.best ?? 100}%` : 'Not passed yet';
}

/** A certificate's name as the server stores it: spaces collapsed, 1–80 characters. */
export function certificateName(text: string): string | null {
  const name = text.replace(/\s+/g, ' ').trim();
  return name.length >= 1 && name.length <= 80 ? name : null;
}
