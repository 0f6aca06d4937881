/**
 * A read kept in this process for a few milliseconds per key: public shop-window figures (the stock, the payment
 * methods) that every home page document and `GET /api/stock/` show, read once per few seconds instead of per request.
 * The promise is kept, not its result, so requests arriving while it is read share the one read; a failed read is
 * forgotten at once, so the next request tries again instead of repeating the failure for the rest of the period.
 */
export function shortCache<K, V>(ms: number, read: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const cache = new Map<K, { readonly until: number; readonly value: Promise<V> }>();
  return (key) => {
    let entry = cache.get(key);
    if (!entry || entry.until <= Date.now()) {
      const reading = { until: Date.now() + ms, value: read(key) };
      cache.set(key, reading);
      reading.value.catch(() => {
        if (cache.get(key) === reading) cache.delete(key);
      });
      entry = reading;
    }
    return entry.value;
  };
}
