/** What a content write found wrong that only the database can tell, and how the panel's API answers it. */
import type { Language } from '@proxy/contract/languages';
import { fieldError } from '../../lib/drf-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { message } from '../../lib/messages.ts';

/** The field and why: a taken slug or anchor, a missing menu parent, the protected home page. */
export class ContentConflict extends Error {
  readonly field: string;
  readonly reason: 'taken' | 'missing' | 'protected';

  constructor(field: string, reason: 'taken' | 'missing' | 'protected') {
    super(`${field}: ${reason}`);
    this.name = 'ContentConflict';
    this.field = field;
    this.reason = reason;
  }
}

/** A unique index refusing a write (PostgreSQL's 23505), by the index's name. */
function uniqueViolation(error: unknown): string | null {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23505' ? (constraint ?? '') : null;
}

/** Runs a write, turning a taken slug or anchor (the unique indexes) into a `ContentConflict`. */
export async function translateConflicts<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint?.includes('slug')) throw new ContentConflict('slug', 'taken');
    if (constraint?.includes('anchor')) throw new ContentConflict('anchor', 'taken');
    throw error;
  }
}

/** Runs a write, answering its conflicts as DRF field errors in the request's language. */
export async function withConflicts<T>(language: Language, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof ContentConflict)) throw error;
    switch (error.field) {
      case 'slug':
        throw fieldError('slug', message('slugTaken', language));
      case 'anchor':
        throw fieldError('anchor', message('anchorTaken', language));
      case 'parent_id':
        throw fieldError('parent_id', message('badParent', language));
      default:
        throw new HttpError(400, { detail: message('homeProtected', language) });
    }
  }
}
