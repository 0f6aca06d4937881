import * as v from 'valibot';
import { rowId } from './fields.ts';

/** A new order for a list the panel sorts by dragging or arrows: every id of the list, first to last, once each. */
export const ReorderSchema = v.object({
  ids: v.pipe(
    v.array(rowId()),
    v.minLength(1),
    v.maxLength(1000),
    v.check((ids) => new Set(ids).size === ids.length),
  ),
});
export type Reorder = v.InferOutput<typeof ReorderSchema>;
