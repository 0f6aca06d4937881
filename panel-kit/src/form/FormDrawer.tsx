import type { ReactNode } from 'react';
import { Drawer } from 'antd';

/**
 * The side panel an ordered list's row (or a new one) is edited in: full width on a phone. A fresh form for every
 * row opened, so no value, tab or error of the previous one stays.
 */
export function FormDrawer({
  open,
  title,
  formKey,
  wide = false,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  /** Identifies the row being edited ('new' for a new one). */
  formKey: string;
  wide?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const width = wide ? 760 : 560;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={typeof window !== 'undefined' && window.innerWidth < width + 40 ? '100%' : width}
      destroyOnHidden
    >
      {open && <div key={formKey}>{children}</div>}
    </Drawer>
  );
}
