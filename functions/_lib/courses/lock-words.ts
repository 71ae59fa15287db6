/**
 * The one wording of a module a sequential course keeps closed, shared by the server's 403, the
 * course outline, its module cards and the module page, so they can never disagree. The rule it
 * states is the one course-progress.ts applies: a module opens once every module before it is
 * complete. It names every earlier module not yet complete (1-based), not only the first: "module
 * 3 opens after module 1" read as if the order were skipped. No imports: the member app's pages
 * and the functions both bundle it.
 */
export function opensOnce(waiting: readonly number[]): string {
  const numbers = waiting.map(String);
  const last = numbers.pop();
  if (last === undefined) return 'Opens once the modules before it are complete';
  if (numbers.length === 0) return `Opens once module ${last} is complete`;
  return `Opens once modules ${numbers.join(', ')} and ${last} are complete`;
}

/** The 1-based numbers of the modules before `index` that are not complete. */
export const waitingFor = (modules: readonly { complete: boolean }[], index: number): number[] =>
  modules.flatMap((m, i) => (i < index && !m.complete ? [i + 1] : []));

/** How the course outline states the rule once, above the modules. */
export const SEQUENTIAL_RULE = 'Modules open in order: each opens once every module before it is complete.';
