import type { ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import ruRU from 'antd/locale/ru_RU';
import type { Language } from '@proxy/contract/languages';

/** The site's look in antd terms: one theme for the dialog, the customer area and the panel. */
const THEME = {
  token: {
    colorPrimary: '#0f766e',
    colorLink: '#115e59',
    // antd's own secondary grey (45 % black) fails WCAG AA contrast on white and on the panel's grey background.
    colorTextSecondary: '#475569',
    colorTextDescription: '#475569',
    borderRadius: 8,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    // An uncoloured tag is antd's light grey on the panel's light grey page: white with a slate edge stands out.
    Tag: { defaultBg: '#ffffff', colorBorder: '#94a3b8' },
  },
};

/**
 * The one antd configuration (theme, locale, message/modal context) around whatever uses antd. It is imported only
 * by lazily loaded code — the auth dialog, the panel, the customer area — so antd never reaches the first paint.
 */
export function AntdScope({ language, children }: { language: Language; children: ReactNode }) {
  return (
    <ConfigProvider theme={THEME} locale={language === 'ru' ? ruRU : enUS}>
      <App component={false}>{children}</App>
    </ConfigProvider>
  );
}
