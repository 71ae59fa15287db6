const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * docs/product.md §3: ids of what members write are a prefix and 16 random letters or digits. Web Crypto, so
 * the member app (notes, categories, trades, splits) and the functions (imported trades) share it.
 */
export function newId(prefix: 'note_' | 'category_' | 'trade_' | 'action_'): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return prefix + Array.from(bytes, (b) => ID_CHARS[b % ID_CHARS.length]).join('');
}
