/**
 * A constraint violation as the refusal it means. A repository names the constraints its statements may hit — a
 * unique index for a taken name, a foreign key for a row still in use — and the refusal each one is; its statements
 * then refuse instead of failing (`await q.query(...).catch(refusing)`). A violation no repository names stays the
 * database's error, answered 500: it is a bug, not a refusal.
 *
 * Every name given here is remembered (`mappedConstraints`), and a test checks each one exists in the migrated
 * schema (`db/constraints.test.ts`): a migration that renames a constraint fails that test, instead of silently
 * turning a refusal into a 500.
 */
import type { RefusalKind } from './refusal.ts';

/** The constraint names (as PostgreSQL reports them: the constraint's or the unique index's) and their refusals. */
export type ConstraintRefusals = Readonly<Record<string, RefusalKind<[options?: ErrorOptions]>>>;

const mapped = new Set<string>();

/** Every constraint name a repository maps, for the schema test. */
export function mappedConstraints(): readonly string[] {
  return [...mapped].sort();
}

/**
 * A `.catch` handler that throws the named constraint's refusal (the database's error as its cause), or the error as
 * it came. Made once per repository module, at load, so every name is known before any statement runs.
 */
export function refuseOnConstraint(refusals: ConstraintRefusals): (error: unknown) => never {
  for (const name of Object.keys(refusals)) mapped.add(name);
  return (error) => {
    const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
    // Class 23: integrity constraint violations (unique, foreign key, check, exclusion).
    const refusal =
      typeof code === 'string' &&
      code.startsWith('23') &&
      typeof constraint === 'string' &&
      Object.hasOwn(refusals, constraint)
        ? refusals[constraint]
        : undefined;
    throw refusal ? refusal({ cause: error }) : error;
  };
}
