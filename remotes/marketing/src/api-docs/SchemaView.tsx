import {
  isNullable,
  resolveSchema,
  typeLabel,
  unwrapNullable,
  type JsonSchema,
  type OpenApiDocument,
} from './openapi-doc.ts';
import { useApiDocsT } from './i18n/use-api-docs-t.ts';
import styles from './ApiDocsPage.module.css';

/** Deeper than any schema the API has; a guard against a self-referencing one. */
const MAX_DEPTH = 8;

/** The object a schema shows properties of: itself, its non-null variant, or an array's item. */
function objectOf(document: OpenApiDocument, schema: JsonSchema): JsonSchema | undefined {
  const shape = unwrapNullable(document, schema);
  if (shape.properties) return shape;
  if (shape.items) {
    const item = unwrapNullable(document, shape.items);
    if (item.properties) return item;
  }
  return undefined;
}

/**
 * A schema as a readable nested list: each property's name, type, whether it is required, its description and,
 * for an object or a list of objects, its own properties below it.
 */
export function SchemaView({ document, schema }: { document: OpenApiDocument; schema: JsonSchema }) {
  const object = objectOf(document, schema);
  if (!object) {
    return (
      <p className={styles.schemaType}>
        <code>{typeLabel(document, schema)}</code>
      </p>
    );
  }
  const resolved = unwrapNullable(document, schema);
  return (
    <>
      {resolved.items && (
        <p className={styles.schemaType}>
          <code>{typeLabel(document, resolved)}</code>
        </p>
      )}
      <Properties document={document} schema={object} depth={0} />
    </>
  );
}

function Properties({ document, schema, depth }: { document: OpenApiDocument; schema: JsonSchema; depth: number }) {
  const { t } = useApiDocsT();
  const required = new Set(schema.required ?? []);
  return (
    <ul className={styles.schema}>
      {Object.entries(schema.properties ?? {}).map(([name, property]) => {
        const resolved = resolveSchema(document, property);
        const nested = depth < MAX_DEPTH ? objectOf(document, resolved) : undefined;
        return (
          <li key={name}>
            <code className={styles.propertyName}>{name}</code>{' '}
            <span className={styles.propertyType}>{typeLabel(document, resolved)}</span>{' '}
            <span className={required.has(name) ? styles.required : styles.optional}>
              {required.has(name) ? t('operation.required') : t('operation.optional')}
            </span>
            {isNullable(resolved) && !typeLabel(document, resolved).includes('null') && (
              <span className={styles.optional}> {t('operation.nullable')}</span>
            )}
            {resolved.description && <p className={styles.propertyText}>{resolved.description}</p>}
            {nested && <Properties document={document} schema={nested} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}
