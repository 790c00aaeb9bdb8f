// Maps keyed by user text (resource names, types, secret names, property keys)
// are plain objects: a key such as `constructor` or `__proto__` must read and
// write only the object's own entries, never what every object inherits.

/** `obj[key]` when `key` is the object's own, else undefined. */
export function own<T>(obj: Readonly<Record<string, T>> | undefined | null, key: string): T | undefined {
  return obj != null && Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** `obj[key] = value` as an own property, even for `__proto__`. */
export function setOwn<T>(obj: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
