import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  COURSES_DIR,
  courseReferences,
  loadCourses,
  parseCourse,
} from '../../functions/_lib/courses/content.ts';
import type { Course } from '../../functions/_lib/courses/course-schema.ts';
import { goalSentence } from '../../functions/_lib/courses/goals.ts';

/**
 * Courses as the build reads them (content/courses/*.json): the shipped course passes, and each
 * rule refuses a broken file with a message naming the file and the field.
 */
const root = new URL('../../', import.meta.url).pathname;
const refs = courseReferences(root);
const FILE = 'penny-stock-essentials.json';
const shipped = JSON.parse(readFileSync(`${root}${COURSES_DIR}/${FILE}`, 'utf8')) as Course;
const where = `${COURSES_DIR}/${FILE}`;

/** The shipped course with one change made by `edit`, parsed as the build parses it. */
function problemsAfter(edit: (course: Course) => void, fileName = FILE): string[] {
  const course = structuredClone(shipped);
  edit(course);
  const result = parseCourse(fileName, JSON.stringify(course), refs, (image) => image === shipped.cover);
  return 'problems' in result ? result.problems : [];
}
const module0 = (course: Course) => course.modules[0] as Course['modules'][number];
const lesson = (course: Course, m: number, l: number) =>
  course.modules[m]?.lessons[l] as Course['modules'][number]['lessons'][number];
const question = (course: Course, m: number, q: number) =>
  course.modules[m]?.check?.questions[q] as NonNullable<
    Course['modules'][number]['check']
  >['questions'][number];

describe('the shipped courses', () => {
  it('load without a problem: four modules, each asking 3 to 6 questions from a bank at least twice that', () => {
    const [course] = loadCourses(root);
    expect(course?.slug).toBe('penny-stock-essentials');
    expect(course?.modules).toHaveLength(4);
    for (const module of course?.modules ?? []) {
      const ask = module.check?.ask ?? 0;
      expect(ask).toBeGreaterThanOrEqual(3);
      expect(ask).toBeLessThanOrEqual(6);
      expect(module.check?.questions.length).toBeGreaterThanOrEqual(2 * ask);
      // Every lesson of the module is tested by at least one question of its bank.
      const tested = new Set(module.check?.questions.map((q) => q.teaches.lesson));
      for (const lesson of module.lessons) expect(tested, `${module.id}: ${lesson.id}`).toContain(lesson.id);
    }
    // Each rule kind is taught by one lesson whose notes say it.
    const rules = course?.modules.flatMap((m) => m.lessons.flatMap((l) => (l.rule ? [[l.id, l.rule]] : [])));
    expect(Object.fromEntries(rules ?? [])).toEqual({
      'spreads-level-2': { kind: 'no-entry-first-minutes', minutes: 15 },
      'risk-per-trade': { kind: 'max-risk-percent', percent: 2 },
      'placing-the-stop': { kind: 'stop-planned' },
      'averaging-down': { kind: 'no-averaging-down' },
      'trade-plan': { kind: 'plan-note-before-entry' },
    });
    expect(course?.modules.filter((m) => m.goal).map((m) => m.id)).toEqual([
      'risk-and-size',
      'dilution-and-promotions',
      'journaling-a-trade',
    ]);
  });
});

describe('a broken course file is refused with its file and field named', () => {
  it.each<[string, (course: Course) => void, string]>([
    ['a missing title', (c) => Reflect.deleteProperty(c, 'title'), 'title:'],
    ['an unknown key', (c) => Object.assign(c, { author: 'x' }), 'Unrecognized key'],
    ['an unknown level', (c) => Object.assign(c, { level: 'expert' }), 'level:'],
    ['an id with capitals', (c) => Object.assign(module0(c), { id: 'The-Market' }), 'modules.0.id:'],
    [
      'a lesson pointing at a missing video',
      (c) => Object.assign(lesson(c, 0, 1), { video: 'v9999' }),
      'modules.0.lessons.1.video: "v9999" is not a video of content/library/videos.json',
    ],
    [
      'a chapter start that is no chapter of the video',
      (c) => Object.assign(lesson(c, 0, 3), { chapterStart: 151 }),
      'modules.0.lessons.3.chapterStart: 151 is not a chapter start of video "v1132"',
    ],
    [
      'a chapter start on a video without chapters',
      (c) => Object.assign(lesson(c, 0, 1), { chapterStart: 0 }),
      'modules.0.lessons.1.chapterStart: video "v1115" has no chapters',
    ],
    [
      'a lesson stretch ending before it starts',
      (c) => Object.assign(lesson(c, 3, 0), { end: 10 }),
      "modules.3.lessons.0.end: 10 s must be after the lesson's start (10 s)",
    ],
    [
      'a lesson stretch past the end of its video',
      (c) => Object.assign(lesson(c, 3, 3), { end: 25 }),
      'modules.3.lessons.3.end: 25 s is past the end of video "tour-journal" (24 s long)',
    ],
    [
      'a lesson stretch on a whole video past its end',
      (c) => Object.assign(lesson(c, 0, 1), { end: 5000 }),
      'modules.0.lessons.1.end: 5000 s is past the end of video "v1115" (1949 s long)',
    ],
    [
      'an article lesson with an end',
      (c) => Object.assign(lesson(c, 0, 0), { end: 30 }),
      'modules.0.lessons.0.end: an article lesson has no end',
    ],
    ['a lesson end of 0 s', (c) => Object.assign(lesson(c, 3, 0), { end: 0 }), 'modules.3.lessons.0.end:'],
    [
      'a video lesson without a video',
      (c) => Reflect.deleteProperty(lesson(c, 0, 1), 'video'),
      'modules.0.lessons.1.video: a video lesson needs',
    ],
    [
      'a lesson pointing at a missing article',
      (c) => Object.assign(lesson(c, 0, 0), { article: 'no_such_article' }),
      'modules.0.lessons.0.article: "no_such_article" is not an article of content/articles',
    ],
    [
      'an article lesson with a video',
      (c) => Object.assign(lesson(c, 0, 0), { video: 'v1132' }),
      'modules.0.lessons.0.video: an article lesson has no video',
    ],
    [
      'a question teaching from a lesson not in the course',
      (c) => Object.assign(question(c, 0, 0).teaches, { lesson: 'elsewhere' }),
      'modules.0.check.questions.0.teaches.lesson: "elsewhere" is not a lesson of this course',
    ],
    [
      'a question pointing at a chapter of an article lesson',
      (c) => Object.assign(question(c, 0, 0).teaches, { chapterStart: 0 }),
      'modules.0.check.questions.0.teaches.chapterStart: "otc-tiers" is not a video lesson',
    ],
    [
      'a single-choice question with two correct choices',
      (c) => Object.assign(question(c, 0, 0).choices[0] ?? {}, { correct: true }),
      'modules.0.check.questions.0.choices: a single-choice question needs exactly one correct choice, not 2',
    ],
    [
      'a single-choice question with no correct choice',
      (c) => {
        for (const choice of question(c, 0, 0).choices) choice.correct = false;
      },
      'modules.0.check.questions.0.choices: a single-choice question needs exactly one correct choice, not 0',
    ],
    [
      'a multiple-choice question with no correct choice',
      (c) => {
        for (const choice of question(c, 0, 3).choices) choice.correct = false;
      },
      'modules.0.check.questions.3.choices: a multiple-choice question needs at least one correct choice',
    ],
    [
      'two modules with one id',
      (c) => Object.assign(c.modules[1] ?? {}, { id: 'the-market' }),
      'modules.1.id: "the-market" is used by another module',
    ],
    [
      'two lessons of the course with one id',
      (c) => Object.assign(lesson(c, 1, 0), { id: 'otc-tiers' }),
      'modules.1.lessons.0.id: "otc-tiers" is used by another lesson of the course',
    ],
    [
      'two questions of a check with one id',
      (c) => Object.assign(question(c, 0, 1), { id: question(c, 0, 0).id }),
      'modules.0.check.questions.1.id: "tier-no-public-quote" is used by another question',
    ],
    [
      'two choices of a question with one id',
      (c) => Object.assign(question(c, 0, 0).choices[1] ?? {}, { id: 'otcqx' }),
      'modules.0.check.questions.0.choices.1.id: "otcqx" is used by another choice',
    ],
    [
      'a bank smaller than twice the questions asked',
      (c) => module0(c).check?.questions.splice(9),
      'modules.0.check.questions: the bank holds 9 questions; a check asking 5 needs at least 10',
    ],
    [
      'a check asking more questions than its bank can double',
      (c) => Object.assign(module0(c).check ?? {}, { ask: 6 }),
      'modules.0.check.questions: the bank holds 11 questions; a check asking 6 needs at least 12',
    ],
    [
      'a check without `ask`',
      (c) => Reflect.deleteProperty(module0(c).check ?? {}, 'ask'),
      'modules.0.check.ask:',
    ],
    [
      'a check asking two questions',
      (c) => Object.assign(module0(c).check ?? {}, { ask: 2 }),
      'modules.0.check.ask:',
    ],
    [
      'a bank of 41 questions',
      (c) => {
        const questions = module0(c).check?.questions ?? [];
        while (questions.length < 41) questions.push(structuredClone(questions[0] as (typeof questions)[0]));
      },
      'modules.0.check.questions:',
    ],
    [
      'a question of the bank testing no lesson of the course',
      (c) => Object.assign(question(c, 0, 7).teaches, { lesson: 'elsewhere' }),
      'modules.0.check.questions.7.teaches.lesson: "elsewhere" is not a lesson of this course',
    ],
    [
      'a pass mark over 100',
      (c) => Object.assign(module0(c).check ?? {}, { passMark: 101 }),
      'modules.0.check.passMark:',
    ],
    [
      'a goal kind outside the closed set',
      (c) => Object.assign(c.modules[1]?.goal ?? {}, { kind: 'profitable-trades' }),
      'modules.1.goal.kind:',
    ],
    [
      'a tagged-trips goal without its tag',
      (c) => Object.assign(c.modules[1]?.goal ?? {}, { kind: 'tagged-trips' }),
      'modules.1.goal.tag: a tagged-trips goal needs the setup tag',
    ],
    [
      'a max-position-week goal without its percent',
      (c) => Object.assign(c.modules[1]?.goal ?? {}, { kind: 'max-position-week' }),
      'modules.1.goal.percent: a max-position-week goal needs',
    ],
    [
      'a percent on a goal that has none',
      (c) => Object.assign(c.modules[1]?.goal ?? {}, { percent: 10 }),
      'modules.1.goal.percent: only a max-position-week goal has a percent',
    ],
    [
      'a rule kind outside the closed set',
      (c) => Object.assign(lesson(c, 1, 3), { rule: { kind: 'no-revenge-trades' } }),
      'modules.1.lessons.3.rule.kind:',
    ],
    [
      'a risk percent above 10',
      (c) => Object.assign(lesson(c, 1, 0), { rule: { kind: 'max-risk-percent', percent: 12 } }),
      'modules.1.lessons.0.rule.percent:',
    ],
    [
      'a risk percent below 0.1',
      (c) => Object.assign(lesson(c, 1, 0), { rule: { kind: 'max-risk-percent', percent: 0.05 } }),
      'modules.1.lessons.0.rule.percent:',
    ],
    [
      'a max-risk-percent rule without its percent',
      (c) => Object.assign(lesson(c, 1, 0), { rule: { kind: 'max-risk-percent' } }),
      'modules.1.lessons.0.rule.percent: a max-risk-percent rule needs',
    ],
    [
      'minutes on a rule that has none',
      (c) => Object.assign(lesson(c, 1, 2), { rule: { kind: 'stop-planned', minutes: 15 } }),
      'modules.1.lessons.2.rule.minutes: only a no-entry-first-minutes rule has minutes',
    ],
    [
      'a first-minutes rule without its minutes',
      (c) => Object.assign(lesson(c, 0, 3), { rule: { kind: 'no-entry-first-minutes' } }),
      'modules.0.lessons.3.rule.minutes: a no-entry-first-minutes rule needs',
    ],
    [
      'minutes that are not whole',
      (c) => Object.assign(lesson(c, 0, 3), { rule: { kind: 'no-entry-first-minutes', minutes: 7.5 } }),
      'modules.0.lessons.3.rule.minutes:',
    ],
    [
      'an unknown key on a rule',
      (c) => Object.assign(lesson(c, 1, 3), { rule: { kind: 'no-averaging-down', max: 1 } }),
      'modules.1.lessons.3.rule: Unrecognized key',
    ],
    [
      'a cover that does not exist',
      (c) => Object.assign(c, { cover: '/images/articles/none.webp' }),
      'cover:',
    ],
  ])('%s', (_name, edit, message) => {
    const problems = problemsAfter(edit);
    expect(problems.length, 'at least one problem').toBeGreaterThan(0);
    expect(
      problems.some((p) => p.startsWith(`${where}: `) && p.includes(message)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('refuses a file whose name is not the slug', () => {
    expect(problemsAfter(() => undefined, 'essentials.json')).toEqual([
      `${COURSES_DIR}/essentials.json: slug: the file name must be the slug: rename it to penny-stock-essentials.json`,
    ]);
  });

  it('refuses a file that is not JSON, naming it', () => {
    const result = parseCourse(FILE, '{ "title": ', refs, () => true);
    expect('problems' in result && result.problems[0]).toMatch(`${where}: is not valid JSON`);
  });

  it('reports every problem of the file at once', () => {
    const problems = problemsAfter((c) => {
      Object.assign(lesson(c, 0, 1), { video: 'v9999' });
      Object.assign(question(c, 0, 0).teaches, { lesson: 'elsewhere' });
    });
    expect(problems).toHaveLength(2);
  });
});

describe('goals in words', () => {
  it.each<[Course['modules'][number]['goal'], string]>([
    [{ kind: 'closed-trips-with-risk', target: 5 }, 'Close 5 round trips with a planned risk'],
    [{ kind: 'tagged-trips', target: 1, tag: 'panic-dip' }, 'Log 1 round trip tagged "panic-dip"'],
    [{ kind: 'cashtag-notes', target: 3 }, 'Write 3 notes about a $cashtag'],
    [{ kind: 'reviewed-trades', target: 5 }, 'Review 5 trades with a linked note'],
    [
      { kind: 'max-position-week', target: 1, percent: 10 },
      'Trade 1 week with no position over 10% of your account size',
    ],
  ])('%j', (goal, sentence) => {
    expect(goalSentence(goal as NonNullable<typeof goal>)).toBe(sentence);
  });
});
