import { badRequest } from './errors.ts';

export function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON body');
  }
}
