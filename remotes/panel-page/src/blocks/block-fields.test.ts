import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BLOCK_DATA_SCHEMAS, BLOCK_TYPES, type BlockType } from '@proxy/contract/schemas/blocks';
import en from '../i18n/en.json';
import { cleanValue, emptyValue, fieldKind } from '@proxy/panel-kit';
import { RICH_TEXT_FIELDS } from './block-fields.tsx';

type Schema = v.GenericSchema;

/** Every field a block form draws, as [dotted path without indexes, schema]. */
function fieldsOf(schema: Schema, path: string[] = []): [string, Schema][] {
  const kind = fieldKind(schema);
  if (kind.kind === 'object') {
    return Object.entries(kind.entries).flatMap(([key, entry]) => [
      [[...path, key].join('.'), entry] as [string, Schema],
      ...fieldsOf(entry, [...path, key]),
    ]);
  }
  if (kind.kind === 'list') return fieldsOf(kind.item, path);
  return [];
}

describe('the block forms read from the contract schemas', () => {
  it.each(BLOCK_TYPES)('%s: every field has a label, and a new block starts valid but for required texts', (type) => {
    const schema = BLOCK_DATA_SCHEMAS[type];
    for (const [path] of fieldsOf(schema)) {
      const key = path.split('.').at(-1) as string;
      expect(Object.keys(en.fields), `${type}: ${path}`).toContain(key);
    }
    // The empty value has the schema's shape: what fails is only what the editor must fill in.
    const result = v.safeParse(schema, cleanValue(schema, emptyValue(schema)));
    const failing = result.success ? [] : result.issues.map((issue) => v.getDotPath(issue));
    const allowed = fieldsOf(schema)
      .filter(([, entry]) => {
        const kind = fieldKind(entry);
        return (kind.kind === 'text' && kind.required) || kind.kind === 'image' || kind.kind === 'date';
      })
      .map(([path]) => path);
    for (const path of failing) expect(allowed, `${type}: ${path}`).toContain(path?.replace(/\.\d+/g, ''));
  });

  it('names rich-text fields that exist and are plain strings in the schema', () => {
    for (const [type, paths] of Object.entries(RICH_TEXT_FIELDS) as [BlockType, string[]][]) {
      const fields = new Map(fieldsOf(BLOCK_DATA_SCHEMAS[type]));
      for (const path of paths) {
        expect(fields.get(path) && fieldKind(fields.get(path) as Schema).kind, `${type}.${path}`).toBe('text');
      }
    }
  });

  it('picks controls from the schema: dates, picklists, images, bounded lists, long and short texts', () => {
    const fields = (type: BlockType) => new Map(fieldsOf(BLOCK_DATA_SCHEMAS[type]));
    expect(fieldKind(fields('news').get('items.date') as Schema).kind).toBe('date');
    expect(fieldKind(fields('features').get('items.icon') as Schema)).toMatchObject({ kind: 'choice' });
    expect(fieldKind(fields('video').get('poster') as Schema).kind).toBe('image');
    expect(fieldKind(fields('hero').get('image') as Schema).kind).toBe('image');
    expect(fieldKind(fields('tabs').get('items') as Schema)).toMatchObject({ kind: 'list', min: 2, max: 6 });
    expect(fieldKind(fields('hero').get('lead') as Schema)).toMatchObject({ kind: 'text', maxLength: 400 });
    expect(fieldKind(fields('hero').get('title') as Schema)).toMatchObject({ kind: 'text', required: true });
  });

  it('leaves out empty optional fields and keeps an image as id, size and alt', () => {
    const schema = BLOCK_DATA_SCHEMAS.news;
    expect(
      cleanValue(schema, {
        title: 'News',
        extra: 'dropped',
        items: [{ title: 'A', date: '2026-01-02', summary: '', link: '' }],
      }),
    ).toEqual({ title: 'News', items: [{ title: 'A', date: '2026-01-02', summary: '' }] });
    expect(
      cleanValue(BLOCK_DATA_SCHEMAS.hero, {
        title: 'Hi',
        lead: '',
        actions: [],
        image: { id: 3, width: 10, height: 5, alt: 'x', url: '/dropped' },
      }),
    ).toEqual({ title: 'Hi', lead: '', actions: [], image: { id: 3, width: 10, height: 5, alt: 'x' } });
  });
});
