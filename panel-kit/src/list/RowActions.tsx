import { Button, Popconfirm, Space } from 'antd';
import { useKitT } from '../i18n/use-kit-t.ts';
import { MoveButtons } from './MoveButtons.tsx';

export interface RowActionsProps {
  /** The row as people call it ("Month", "block 3 (FAQ)"): the buttons' accessible names say which row. */
  readonly name: string;
  /** Opens the row: "Edit" with the change permission, "View" without. */
  readonly onOpen?: () => void;
  readonly canChange: boolean;
  /** Asked before deleting ("Delete the plan “Month”?"); no delete button without it. */
  readonly deleteConfirm?: string;
  readonly onDelete?: () => unknown;
  /** Up/down within an ordered list. */
  readonly move?: { readonly index: number; readonly count: number; readonly onMove: (delta: -1 | 1) => void };
  readonly busy?: boolean;
}

/** A row's buttons in every panel list, in one order: move, open, delete (confirmed). */
export function RowActions({ name, onOpen, canChange, deleteConfirm, onDelete, move, busy = false }: RowActionsProps) {
  const { t } = useKitT();
  return (
    <Space size={4} wrap>
      {move && canChange && <MoveButtons {...move} name={name} disabled={busy} />}
      {onOpen && (
        <Button
          size="small"
          onClick={onOpen}
          aria-label={t(canChange ? 'list.editItem' : 'list.viewItem', { item: name })}
        >
          {canChange ? t('actions.edit') : t('actions.view')}
        </Button>
      )}
      {deleteConfirm && onDelete && (
        <DeleteButton confirm={deleteConfirm} name={name} onConfirm={onDelete} disabled={busy} size="small" />
      )}
    </Space>
  );
}

/** Delete, after a confirmation that names what goes. */
export function DeleteButton({
  confirm,
  name,
  onConfirm,
  disabled,
  size,
}: {
  confirm: string;
  name: string;
  onConfirm: () => unknown;
  disabled?: boolean;
  size?: 'small';
}) {
  const { t } = useKitT();
  return (
    <Popconfirm
      title={confirm}
      okText={t('actions.delete')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => onConfirm()}
    >
      <Button size={size} danger disabled={disabled} aria-label={t('list.deleteItem', { item: name })}>
        {t('actions.delete')}
      </Button>
    </Popconfirm>
  );
}
