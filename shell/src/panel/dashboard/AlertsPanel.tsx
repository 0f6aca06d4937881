import { useCallback, useEffect, useState } from 'react';
import { App, Button, InputNumber, Select, Space, Switch, Table, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { listAlertIncidents, listAlertSettings, updateAlertSetting } from '@proxy/contract/api/panel-dashboard';
import { getTelegramLink } from '@proxy/contract/api/telegram';
import type { Paginated } from '@proxy/contract/api/pagination';
import { ALERT_KINDS, type AlertIncident, type AlertKind, type AlertSetting } from '@proxy/contract/schemas/dashboard';
import { api } from '@proxy/contract/state';
import { usePanelT } from '../use-panel-t.ts';
import styles from './Dashboard.module.css';
import { TelegramBotCard } from './TelegramBotCard.tsx';

const isKind = (value: string | null): value is AlertKind => ALERT_KINDS.includes(value as AlertKind);

/**
 * One kind's row: its threshold (for everyone who follows it) and this member's channels: e-mail, and Telegram once
 * they have linked a chat on their profile page (#30).
 */
function SettingRow({
  setting,
  onSaved,
  telegramLinked,
}: {
  setting: AlertSetting;
  onSaved: (next: AlertSetting) => void;
  telegramLinked: boolean;
}) {
  const { t } = usePanelT();
  const { message } = App.useApp();
  const [threshold, setThreshold] = useState<number | null>(setting.threshold);
  const [busy, setBusy] = useState(false);
  const save = async (input: { threshold?: number; subscribed?: boolean; telegram?: boolean }) => {
    setBusy(true);
    try {
      onSaved(await updateAlertSetting(api, setting.kind, input));
      void message.success(t('alerts.saved'));
    } catch {
      void message.error(t('alerts.notSaved'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space wrap>
      <InputNumber
        aria-label={t('alerts.threshold')}
        min={0}
        max={1_000_000}
        precision={0}
        value={threshold}
        onChange={setThreshold}
        addonAfter={t(`alerts.unit.${setting.kind}`)}
      />
      <Button
        disabled={busy || threshold === null || threshold === setting.threshold}
        onClick={() => threshold !== null && void save({ threshold })}
      >
        {t('alerts.save')}
      </Button>
      <Switch
        checked={setting.subscribed}
        loading={busy}
        onChange={(subscribed) => void save({ subscribed })}
        aria-label={t('alerts.byEmail')}
      />
      <span>{t('alerts.byEmail')}</span>
      <Switch
        checked={setting.telegram}
        loading={busy}
        disabled={!telegramLinked && !setting.telegram}
        onChange={(telegram) => void save({ telegram })}
        aria-label={t('alerts.byTelegram')}
        aria-describedby={telegramLinked ? undefined : `telegram-hint-${setting.kind}`}
      />
      <span>{t('alerts.byTelegram')}</span>
      {!telegramLinked && (
        <span id={`telegram-hint-${setting.kind}`} className={styles.hint}>
          {t('alerts.telegramNotLinked')}
        </span>
      )}
    </Space>
  );
}

/**
 * The home's Alerts tab: the kinds this staff member may follow (the ones whose data their permissions cover), the
 * thresholds, their own e-mail subscription, and the history of incidents, filtered by kind in the URL (`?kind=`),
 * where the dashboard's machinery figures land.
 */
export function AlertsPanel() {
  const { t, language } = usePanelT();
  const [search, setSearch] = useSearchParams();
  const kind = search.get('kind');
  const page = Number(search.get('page') ?? '1') || 1;
  const [settings, setSettings] = useState<AlertSetting[] | null>(null);
  const [history, setHistory] = useState<Paginated<AlertIncident> | null>(null);
  const [telegramLinked, setTelegramLinked] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    listAlertSettings(api, controller.signal).then(setSettings, () => undefined);
    getTelegramLink(api, controller.signal).then(
      (link) => setTelegramLinked(link.linked !== null),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    listAlertIncidents(api, { kind: isKind(kind) ? kind : undefined, page }, controller.signal).then(
      setHistory,
      () => undefined,
    );
    return () => controller.abort();
  }, [kind, page]);

  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setSearch((current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === undefined) next.delete(name);
          else next.set(name, value);
        }
        return next;
      }),
    [setSearch],
  );
  const when = (at: string) =>
    new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' }).format(
      new Date(at),
    );

  return (
    <>
      <TelegramBotCard />
      <h2 className={styles.subtitle}>{t('alerts.settingsTitle')}</h2>
      <Table
        size="small"
        pagination={false}
        rowKey="kind"
        loading={settings === null}
        scroll={{ x: true }}
        dataSource={settings ?? []}
        locale={{ emptyText: t('alerts.noKinds') }}
        columns={[
          {
            title: t('alerts.kind'),
            key: 'kind',
            render: (_, setting) => (
              <>
                <strong>{t(`alerts.kinds.${setting.kind}`)}</strong>
                <div className={styles.hint}>{t(`alerts.describe.${setting.kind}`)}</div>
              </>
            ),
          },
          {
            title: t('alerts.settings'),
            key: 'settings',
            render: (_, setting) => (
              <SettingRow
                setting={setting}
                telegramLinked={telegramLinked}
                onSaved={(next) =>
                  setSettings((all) => all?.map((row) => (row.kind === next.kind ? next : row)) ?? null)
                }
              />
            ),
          },
        ]}
      />
      <h2 className={styles.subtitle}>{t('alerts.historyTitle')}</h2>
      <Select
        allowClear
        className={styles.kindFilter}
        placeholder={t('alerts.allKinds')}
        aria-label={t('alerts.kind')}
        value={isKind(kind) ? kind : undefined}
        onChange={(value?: AlertKind) => update({ kind: value, page: undefined })}
        options={(settings ?? []).map((setting) => ({ value: setting.kind, label: t(`alerts.kinds.${setting.kind}`) }))}
      />
      <Table
        size="small"
        rowKey="id"
        loading={history === null}
        scroll={{ x: true }}
        dataSource={history?.results ?? []}
        locale={{ emptyText: t('alerts.noIncidents') }}
        pagination={{
          current: page,
          total: history?.count ?? 0,
          pageSize: 20,
          showSizeChanger: false,
          onChange: (next) => update({ page: next === 1 ? undefined : String(next) }),
        }}
        columns={[
          { title: t('alerts.opened'), key: 'opened', render: (_, incident) => when(incident.opened_at) },
          { title: t('alerts.kind'), key: 'kind', render: (_, incident) => t(`alerts.kinds.${incident.kind}`) },
          { title: t('alerts.subject'), dataIndex: 'label' },
          {
            title: t('alerts.value'),
            key: 'value',
            render: (_, incident) => `${incident.value} / ${incident.threshold}`,
          },
          {
            title: t('alerts.state'),
            key: 'state',
            render: (_, incident) =>
              incident.resolved_at === null ? (
                <Tag color="red">{t('alerts.open')}</Tag>
              ) : (
                <Tag className={styles.on}>{t('alerts.resolvedAt', { at: when(incident.resolved_at) })}</Tag>
              ),
          },
          { title: t('alerts.notified'), dataIndex: 'notified' },
        ]}
      />
    </>
  );
}
