import type { ReactNode } from 'react';
import {
  CloudDownloadOutlined,
  ClusterOutlined,
  FileTextOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { PanelSectionId } from '@proxy/contract/routes';

/**
 * An icon per panel section, in the menu and on the panel's home, so the collapsed drawer and the phone layout
 * still tell the sections apart (first letters did not: in Russian three of them were "С"). Hidden from screen
 * readers, which read the label; imported one by one, so only these reach the panel's chunk.
 */
export const SECTION_ICONS: Readonly<Record<PanelSectionId, ReactNode>> = {
  users: <TeamOutlined aria-hidden />,
  versions: <CloudDownloadOutlined aria-hidden />,
  pages: <FileTextOutlined aria-hidden />,
  payments: <WalletOutlined aria-hidden />,
  farm: <ClusterOutlined aria-hidden />,
};
