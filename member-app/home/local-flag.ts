/**
 * A flag kept in this browser's storage. With storage disabled (private modes, policies) it reads
 * as not set and writes nothing: the dashboard's promo and welcome then last for the visit only.
 */
export function localFlag(key: string) {
  return {
    isSet(): boolean {
      try {
        return localStorage.getItem(key) !== null;
      } catch {
        return false;
      }
    },
    set(value = 'true'): void {
      try {
        localStorage.setItem(key, value);
      } catch {
        // storage disabled: for this visit only
      }
    },
    clear(): void {
      try {
        localStorage.removeItem(key);
      } catch {
        // storage disabled: for this visit only
      }
    },
  };
}
