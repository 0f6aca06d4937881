import { useEffect, useState } from 'react';
import { App, Button, Card, Descriptions, Input, Popconfirm, Space, Typography } from 'antd';
import { ApiError } from '@proxy/contract/api/errors';
import { clearTelegramBot, getTelegramBot, setTelegramBot } from '@proxy/contract/api/telegram';
import { hasPermission, SYSTEM_PERMISSIONS } from '@proxy/contract/permissions';
import type { TelegramBot } from '@proxy/contract/schemas/telegram';
import { api, useAtomValue, userAtom } from '@proxy/contract/state';
import { usePanelT } from '../use-panel-t.ts';
import styles from './Dashboard.module.css';

/**
 * The Telegram bot's card on the alerts tab (#30), for staff who may set it up (`system.change_telegram`): the bot
 * as Telegram named it, its token masked (never shown whole, not even to who typed it), how many chats are linked;
 * a new token (checked by the server with Telegram before it is kept) and "Remove".
 */
export function TelegramBotCard() {
  const { t } = usePanelT();
  const user = useAtomValue(userAtom);
  const allowed = hasPermission(user, SYSTEM_PERMISSIONS.changeTelegram);
  const { message } = App.useApp();
  const [bot, setBot] = useState<TelegramBot | null>(null);
  const [token, setToken] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!allowed) return;
    const controller = new AbortController();
    getTelegramBot(api, controller.signal).then(setBot, () => undefined);
    return () => controller.abort();
  }, [allowed]);
  if (!allowed) return null;

  const run = async (action: () => Promise<TelegramBot>) => {
    setBusy(true);
    setError('');
    try {
      setBot(await action());
      setToken('');
      void message.success(t('telegramBot.saved'));
    } catch (failure) {
      const text =
        failure instanceof ApiError && failure.status < 500
          ? (failure.fieldErrors.token?.[0] ?? failure.detail ?? '')
          : failure instanceof ApiError
            ? (failure.detail ?? '')
            : '';
      if (text) setError(text);
      else void message.error(t('telegramBot.notSaved'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" title={t('telegramBot.title')} className={styles.telegramCard} loading={bot === null}>
      {bot?.configured ? (
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('telegramBot.bot')}>
            {t('telegramBot.username', { bot: bot.username })}
          </Descriptions.Item>
          <Descriptions.Item label={t('telegramBot.token')}>
            <code>{bot.token_masked}</code>
          </Descriptions.Item>
          <Descriptions.Item label={t('telegramBot.chats')}>{bot.linked_chats}</Descriptions.Item>
        </Descriptions>
      ) : (
        <Typography.Paragraph type="secondary">{t('telegramBot.none')}</Typography.Paragraph>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (token.trim()) void run(() => setTelegramBot(api, { token: token.trim() }));
        }}
      >
        <Space wrap align="start">
          <div>
            <Input.Password
              aria-label={t('telegramBot.newToken')}
              placeholder={t('telegramBot.newToken')}
              autoComplete="off"
              value={token}
              status={error ? 'error' : undefined}
              onChange={(event) => setToken(event.target.value)}
              aria-describedby="telegram-token-error"
            />
            <div id="telegram-token-error" role={error ? 'alert' : undefined} className={styles.hint}>
              {error || t('telegramBot.hint')}
            </div>
          </div>
          <Button htmlType="submit" type="primary" disabled={busy || !token.trim()} loading={busy}>
            {t('telegramBot.save')}
          </Button>
          {bot?.configured && (
            <Popconfirm
              title={t('telegramBot.removeTitle')}
              description={t('telegramBot.removeText')}
              okText={t('telegramBot.remove')}
              cancelText={t('telegramBot.cancel')}
              onConfirm={() => run(() => clearTelegramBot(api))}
            >
              <Button danger disabled={busy}>
                {t('telegramBot.remove')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      </form>
    </Card>
  );
}
