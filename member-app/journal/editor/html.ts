/**
 * The note's HTML and its symbols, for the journal page and the tests: serialize() writes a
 * document as the server stores it (pure), deserialize() reads stored or pasted HTML (browser only),
 * symbolsOf() lists the chips for the save call.
 */
export { symbolsOf } from './cashtags.ts';
export { deserialize } from './deserialize.ts';
export { serialize } from './serialize.ts';
