import { Button, Space } from 'antd';
import { useKitT } from '../i18n/use-kit-t.ts';

/**
 * "Up" and "Down" for one row of an ordered list (blocks, plans, menu items), named after the row for screen
 * readers; the first row cannot go up, the last cannot go down.
 */
export function MoveButtons({
  index,
  count,
  name,
  disabled,
  onMove,
}: {
  index: number;
  count: number;
  /** The row as people call it, e.g. "Month" or "Block 3: FAQ". */
  name: string;
  disabled: boolean;
  onMove: (delta: -1 | 1) => void;
}) {
  const { t } = useKitT();
  return (
    <Space.Compact>
      <Button
        size="small"
        disabled={disabled || index === 0}
        onClick={() => onMove(-1)}
        aria-label={t('list.moveUp', { item: name })}
      >
        {t('actions.up')}
      </Button>
      <Button
        size="small"
        disabled={disabled || index === count - 1}
        onClick={() => onMove(1)}
        aria-label={t('list.moveDown', { item: name })}
      >
        {t('actions.down')}
      </Button>
    </Space.Compact>
  );
}
