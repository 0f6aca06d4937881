import { useState, type ReactNode } from 'react';
import { Button } from 'antd';
import type * as v from 'valibot';
import { FormDrawer } from '../form/FormDrawer.tsx';
import { ResourceForm } from '../form/ResourceForm.tsx';
import { useAbilities, type ResourcePermissions } from '../resource.ts';
import { OrderedList, type OrderedListProps } from './OrderedList.tsx';
import { useOrderedList } from './use-ordered-list.ts';
import styles from './lists.module.css';

export interface OrderedResourceForm<Row, Values, Input> {
  /** The form's values for a row, or for a new one (null). */
  readonly values: (row: Row | null) => Values;
  readonly toInput: (values: Values, row: Row | null) => Input;
  /** The contract schema of the request: of a create, or of an edit of this row. */
  readonly schema?: (row: Row | null) => v.GenericSchema;
  readonly create: (input: Input) => Promise<Row>;
  readonly update: (row: Row, input: Input) => Promise<Row>;
  readonly errorField?: (path: string) => string;
  readonly onFieldErrors?: (fields: string[]) => void;
  /** The drawer's title: the row's name, or the new row's title. */
  readonly title: (row: Row | null) => string;
  /** The form's fields, for the row being edited (null: a new one) among the list's rows. */
  readonly fields: (row: Row | null, rows: readonly Row[]) => ReactNode;
  readonly wide?: boolean;
}

export interface OrderedResourceProps<Row extends { readonly id: number }, Values, Input> extends Omit<
  OrderedListProps<Row>,
  'list' | 'abilities' | 'onOpen'
> {
  readonly load: ((signal: AbortSignal) => Promise<readonly Row[]>) | { readonly initial: readonly Row[] };
  readonly permissions: ResourcePermissions;
  readonly form: OrderedResourceForm<Row, Values, Input>;
  readonly createLabel: string;
  /** Controls beside the create button (the type of a new block). */
  readonly toolbar?: ReactNode;
  /** A form name prefix for element ids (`plan` → `plan-4_title_ru`). */
  readonly formName: string;
}

/**
 * A short ordered resource (plans, menu items, a page's blocks) in one piece: the list with move, open and delete,
 * a create button, and the row's form in a drawer — read-only without the change permission.
 */
export function OrderedResource<Row extends { readonly id: number }, Values extends object, Input>({
  load,
  permissions,
  form,
  createLabel,
  toolbar,
  formName,
  ...listProps
}: OrderedResourceProps<Row, Values, Input>) {
  const abilities = useAbilities(permissions);
  const list = useOrderedList(load);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const row = editing === 'new' ? null : editing;
  const readOnly = editing === 'new' ? !abilities.canAdd : !abilities.canChange;

  async function saved(result: Row) {
    // A saved row may move others (a menu item given another parent): read the list again when the section can.
    if (listProps.reload) list.setRows(await listProps.reload().catch(() => list.rows));
    else list.put(result);
    setEditing(null);
  }

  return (
    <>
      {abilities.canAdd && (
        <div className={styles.toolbar}>
          {toolbar}
          <Button type="primary" onClick={() => setEditing('new')}>
            {createLabel}
          </Button>
        </div>
      )}
      <OrderedList<Row> {...listProps} list={list} abilities={abilities} onOpen={setEditing} />
      <FormDrawer
        open={editing !== null}
        title={editing === null ? '' : form.title(row)}
        formKey={row ? String(row.id) : 'new'}
        wide={form.wide}
        onClose={() => setEditing(null)}
      >
        {editing !== null && (
          <ResourceForm<Values, Input, Row>
            name={row ? `${formName}-${row.id}` : `${formName}-new`}
            initialValues={form.values(row)}
            readOnly={readOnly}
            toInput={(values) => form.toInput(values, row)}
            schema={form.schema?.(row)}
            send={(input) => (row ? form.update(row, input) : form.create(input))}
            done={row ? 'saved' : 'created'}
            onSaved={(result) => void saved(result)}
            errorField={form.errorField}
            onFieldErrors={form.onFieldErrors}
          >
            {form.fields(row, list.rows)}
          </ResourceForm>
        )}
      </FormDrawer>
    </>
  );
}
