import * as v from 'valibot';

/**
 * Field schemas the panel's inputs are built from. Every text refuses what no text or jsonb column can store — NUL
 * (PostgreSQL refuses it) and lone surrogates (no UTF-8 for them) — so such input is a 400 on its field, never a 500
 * or a silently changed value. Ids stay within PostgreSQL's integer.
 */

/** Issue messages of the storability checks; the server words them as DRF does (server/lib/drf-errors.ts). */
export const NULL_CHARACTERS = 'null_characters';
export const SURROGATE_CHARACTERS = 'surrogate_characters';

/** Refuse NUL and lone surrogates (for schemas that build their own pipe, like links). */
export const noNullCharacters = v.check((value: string) => !value.includes('\0'), NULL_CHARACTERS);
export const wellFormed = v.check((value: string) => value.isWellFormed(), SURROGATE_CHARACTERS);

/** A trimmed one-line text of at most `max` characters; blank is allowed. */
export const text = (max: number) => v.pipe(v.string(), v.trim(), noNullCharacters, wellFormed, v.maxLength(max));

/** A trimmed text that must not be blank. */
export const requiredText = (max: number) =>
  v.pipe(v.string(), v.trim(), noNullCharacters, wellFormed, v.minLength(1), v.maxLength(max));

/**
 * A place's city in Russian, in answers beside its English `city` (the key requests use, #28): '' while the city has
 * no Russian name. Pages show `cityName()` (countries.ts), which falls back to `city`, never either field directly.
 * Optional: a server before contract 1.4 does not send it.
 */
export const cityRu = () => v.optional(v.string());

/**
 * A place's operator in Russian (МТС, Билайн), in answers beside its English `operator` (#49), as `cityRu` is for the
 * city: pages show `operatorName()`. Optional: a server before contract 1.13 does not send it.
 */
export const operatorRu = () => v.optional(v.string());

/**
 * The filters' operators named in Russian (#49), keyed by the English name the filter sends: what a Russian page shows
 * for each (`operatorName({ operator, operator_ru: names[operator] })`); one that is named differently in two countries
 * has both, 'Т2 / Tele2'. Optional: a server before contract 1.13 does not send it.
 */
export const operatorNamesRu = () => v.optional(v.record(v.string(), v.string()), {});

/** Rich text: HTML the server sanitizes with its fixed allow-list before it is stored. */
export const html = (max: number) => v.pipe(v.string(), noNullCharacters, wellFormed, v.maxLength(max));

/** The largest PostgreSQL `integer`: a larger id would overflow the integer key columns (a 500) instead of finding nothing. */
export const MAX_ID = 2_147_483_647;

/** A row id as a client sends it. */
export const rowId = () => v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_ID));
