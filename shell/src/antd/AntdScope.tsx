import type { ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import ruRU from 'antd/locale/ru_RU';
import type { Language } from '@proxy/contract/languages';

/** The colour of the site's focus ring (shell/src/styles/global.css). */
const FOCUS_RING = '#5eead4';

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
    // antd rings a focused field with 2 px of its primary colour at 10 %, which no one sees (WCAG 2.4.7, #49): the
    // site's own focus ring instead (global.css's :focus-visible colour), as every other control has.
    Input: { activeShadow: `0 0 0 3px ${FOCUS_RING}` },
    InputNumber: { activeShadow: `0 0 0 3px ${FOCUS_RING}` },
    Select: { activeOutlineColor: FOCUS_RING },
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
