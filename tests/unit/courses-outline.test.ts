import { describe, expect, it } from 'vitest';
import { loadCourses } from '../../functions/_lib/courses/content.ts';
import { courseOutline } from '../../site/lib/courses.ts';

/**
 * What the static pages get of a course: titles, kinds, counts and goals in words. Lesson notes,
 * questions, choices, answers and explanations stay out (tests/e2e/courses.spec.ts scans dist/ too).
 */
const root = new URL('../../', import.meta.url).pathname;
const [course] = loadCourses(root);
if (!course) throw new Error('content/courses needs a course');

describe('a course outline', () => {
  const outline = courseOutline(course);
  const json = JSON.stringify(outline);

  it('has the modules and lessons in order, with counts and goals in words', () => {
    expect(outline.modules.map((m) => m.id)).toEqual(course.modules.map((m) => m.id));
    expect(outline.modules[0]?.lessons[0]).toEqual({
      id: course.modules[0]?.lessons[0]?.id,
      title: course.modules[0]?.lessons[0]?.title,
      kind: course.modules[0]?.lessons[0]?.kind,
    });
    expect(outline.lessonCount).toBe(course.modules.reduce((sum, m) => sum + m.lessons.length, 0));
    expect(outline.modules.map((m) => m.checkQuestions)).toEqual(course.modules.map((m) => m.check?.ask));
    expect(outline.modules[1]?.goal).toBe('Close 5 round trips with a planned risk');
  });

  it('carries no lesson note, question, choice, answer or explanation', () => {
    for (const module of course.modules) {
      for (const lesson of module.lessons) expect(json).not.toContain(lesson.text.slice(0, 40));
      for (const question of module.check?.questions ?? []) {
        expect(json).not.toContain(question.prompt);
        expect(json).not.toContain(question.explanation);
        for (const choice of question.choices) expect(json).not.toContain(JSON.stringify(choice.text));
      }
    }
    expect(json).not.toMatch(/"(correct|questions|choices|text|explanation|prompt)"/);
  });
});
