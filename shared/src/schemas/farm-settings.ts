import * as v from 'valibot';
import { noNullCharacters, wellFormed } from './fields.ts';

/**
 * The farm's health-check target staff set (#29): the URL each agent requests through every modem, which must answer
 * the caller's address as plain text. Null: the site's own `GET /api/ip/`.
 */

const timestamp = v.string();

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** At most 500 characters: what the agents' configuration accepts (`AgentConfigSchema.check_url`). */
export const CHECK_URL_MAX = 500;

export const CheckTargetInputSchema = v.object({
  /** Blank or null: back to the site's own `/api/ip/`. */
  check_url: v.nullable(
    v.pipe(
      v.string(),
      v.trim(),
      noNullCharacters,
      wellFormed,
      v.maxLength(CHECK_URL_MAX),
      v.check((value) => value === '' || isHttpUrl(value), 'url_scheme'),
    ),
  ),
});
export type CheckTargetInput = v.InferOutput<typeof CheckTargetInputSchema>;

/** `GET`/`PUT /api/panel/farm/settings/check/`. */
export const CheckTargetSchema = v.object({
  /** Null: the default. */
  check_url: v.nullable(v.string()),
  /** What the agents request while `check_url` is null. */
  default_url: v.string(),
  changed_by: v.nullable(v.string()),
  changed_at: v.nullable(timestamp),
});
export type CheckTarget = v.InferOutput<typeof CheckTargetSchema>;
