import * as v from 'valibot';

/** The API client's `decode` for a contract schema: the answer checked and typed by the schema the server sends it with. */
export const decodeWith =
  <S extends v.GenericSchema>(schema: S) =>
  (body: unknown): v.InferOutput<S> =>
    v.parse(schema, body);

/** DRF's page-number envelope around the items' schema (`Paginated<T>`, pagination.ts). */
export const paginatedSchema = <S extends v.GenericSchema>(item: S) =>
  v.object({
    count: v.number(),
    next: v.nullable(v.string()),
    previous: v.nullable(v.string()),
    results: v.array(item),
  });
