import { inCourse } from '../../functions/_lib/courses/lesson-link.ts';
import { type CheckData, lessonHref } from './module-data.ts';

/**
 * The member's last attempts, kept on the server, newest first and open: per question right or
 * wrong, the choices given, for a wrong one the explanation and the lesson to review (opened in the
 * course, with its course bar); the correct
 * choices only once the check is passed.
 */
export function CheckAttempts({
  course,
  attempts,
  passed,
}: {
  course: string;
  attempts: CheckData['attempts'];
  passed: boolean;
}) {
  if (attempts.length === 0) return null;
  return (
    <section className="learn-attempts" aria-labelledby="attempts-title">
      <h3 id="attempts-title">Your attempts</h3>
      {!passed && (
        <p className="muted">
          The correct choices are shown once you pass. Your next attempt asks other questions.
        </p>
      )}
      {attempts.map((attempt, i) => (
        <details key={attempt.at} open={i === 0} className="learn-attempt">
          <summary>
            {new Date(attempt.at).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}:{' '}
            {attempt.score}%, {attempt.passed ? 'passed' : 'not passed'}
          </summary>
          <ol>
            {attempt.questions.map((q) => (
              <li key={q.id} className={q.correct ? 'learn-right' : 'learn-wrong'}>
                <p>
                  <strong>{q.correct ? 'Right' : 'Wrong'}:</strong> {q.prompt}
                </p>
                <p className="muted">You chose: {q.chosen.map((c) => c.text).join('; ') || 'nothing'}</p>
                {q.correctChoices && (
                  <p>
                    Correct: <strong>{q.correctChoices.map((c) => c.text).join('; ')}</strong>
                  </p>
                )}
                {q.explanation && <p>{q.explanation}</p>}
                {!q.correct && (
                  <a href={inCourse(lessonHref(q.teaches), course, q.teaches.lesson)}>
                    Review: {q.teaches.title}
                  </a>
                )}
              </li>
            ))}
          </ol>
        </details>
      ))}
    </section>
  );
}
