import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';

/**
 * The panel's theme (the shell's ConfigProvider) with a darker red: antd's error red (#ff4d4f) on white is 3.3:1,
 * under WCAG AA's 4.5:1, and this section shows it on every Delete button and field error. Nested providers merge
 * with the shell's theme and keep its locale.
 */
const THEME = {
  token: { colorError: '#c42b1c', colorErrorHover: '#a3231a', colorErrorActive: '#8a1d16', colorErrorText: '#c42b1c' },
};

export function SectionTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={THEME}>{children}</ConfigProvider>;
}
