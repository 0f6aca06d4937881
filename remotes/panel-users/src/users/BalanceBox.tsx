import { useRef, useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Typography } from 'antd';
import * as v from 'valibot';
import { adjustPanelUserBalance } from '@proxy/contract/api/panel-users';
import { runRequest } from '@proxy/contract/forms';
import { attemptFor, type Attempt } from '@proxy/contract/idempotency';
import { formatPrice } from '@proxy/contract/money';
import { hasPermission, USER_PERMISSIONS } from '@proxy/contract/permissions';
import { BalanceAdjustmentSchema, type BalanceAdjustment, type PanelUserDetail } from '@proxy/contract/schemas/users';
import { api, appStore, showMessageAtom, useAtomValue, userAtom } from '@proxy/contract/state';
import { useKitT } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { currencySign, toMinor } from './user-resource.ts';
import styles from './users.module.css';

type Errors = Partial<Record<keyof BalanceAdjustment, string>>;

/**
 * The account's balance, and with `users.change_balance` an adjustment: a signed amount typed in major units and a
 * required reason, checked with the contract's schema, confirmed with the balance it will leave, then posted as an
 * `adjustment` ledger entry. The server's refusal of a debit below zero lands on the amount.
 */
export function BalanceBox({
  user,
  onAdjusted,
}: {
  user: PanelUserDetail;
  onAdjusted: (user: PanelUserDetail) => void;
}) {
  const { t, language } = useT();
  const kit = useKitT();
  const actor = useAtomValue(userAtom);
  // The API refuses any change to a superuser's account from anyone but a superuser.
  const canAdjust =
    hasPermission(actor, USER_PERMISSIONS.changeBalance) && (!user.is_superuser || actor?.is_superuser === true);
  const [amount, setAmount] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState<BalanceAdjustment>();
  const [busy, setBusy] = useState(false);
  const attempt = useRef<Attempt | null>(null);
  const price = (minor: number) => formatPrice(minor, user.currency, language);
  const id = `user-${user.id}-balance`;

  function check() {
    const checked = v.safeParse(BalanceAdjustmentSchema, { amount: toMinor(amount), reason });
    if (checked.success) {
      setErrors({});
      setConfirming(checked.output);
      return;
    }
    const found: Errors = {};
    for (const issue of checked.issues) {
      const field = v.getDotPath(issue) as keyof BalanceAdjustment | null;
      if (!field || found[field]) continue;
      if (field === 'amount') {
        found.amount =
          amount === null
            ? kit.t('validation.required')
            : issue.message === 'not_zero'
              ? t('balance.notZero')
              : kit.t('validation.invalid');
      } else found.reason = reason.trim() ? kit.t('validation.invalid') : kit.t('validation.required');
    }
    setErrors(found);
  }

  async function adjust(adjustment: BalanceAdjustment) {
    setBusy(true);
    // The same adjustment sent again after a lost answer keeps its key: the server posts it once.
    attempt.current = attemptFor(attempt.current, { id: user.id, ...adjustment });
    const { key } = attempt.current;
    const outcome = await runRequest(() => adjustPanelUserBalance(api, user.id, adjustment, key), {
      networkError: kit.t('messages.networkError'),
      unknownError: kit.t('messages.unknownError'),
    });
    setBusy(false);
    setConfirming(undefined);
    if (outcome.ok) {
      // Done: the same adjustment asked for again is a new one.
      attempt.current = null;
      setAmount(null);
      setReason('');
      appStore.set(showMessageAtom, t('balance.done', { balance: price(outcome.value.balance) }), 'success');
      onAdjusted(outcome.value);
      return;
    }
    const fieldError = (name: keyof BalanceAdjustment) => {
      const message = outcome.errors?.[name];
      return typeof message === 'string' ? message : undefined;
    };
    setErrors({ amount: fieldError('amount'), reason: fieldError('reason') });
  }

  const item = (name: keyof BalanceAdjustment) => ({
    htmlFor: `${id}-${name}`,
    validateStatus: errors[name] ? ('error' as const) : undefined,
    help: errors[name] ? <span id={`${id}-${name}-error`}>{errors[name]}</span> : undefined,
  });
  const described = (name: keyof BalanceAdjustment) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {};

  return (
    <>
      <h2 className={styles.heading}>{t('balance.title')}</h2>
      <div className={styles.balance} aria-label={t('balance.current')} role="status">
        {price(user.balance)}
      </div>
      {canAdjust && (
        <Form layout="vertical" component="div">
          <Form.Item
            label={t('balance.amount', { sign: currencySign(user.currency, language) })}
            required
            extra={t('balance.amountHelp')}
            {...item('amount')}
          >
            <InputNumber
              id={`${id}-amount`}
              value={amount}
              precision={2}
              step={1}
              onChange={(value) => {
                setAmount(value);
                setErrors(({ reason: kept }) => ({ reason: kept }));
              }}
              {...described('amount')}
            />
          </Form.Item>
          <Form.Item label={t('balance.reason')} required extra={t('balance.reasonHelp')} {...item('reason')}>
            <Input.TextArea
              id={`${id}-reason`}
              value={reason}
              maxLength={500}
              autoSize={{ minRows: 2, maxRows: 6 }}
              onChange={(event) => {
                setReason(event.target.value);
                setErrors(({ amount: kept }) => ({ amount: kept }));
              }}
              {...described('reason')}
            />
          </Form.Item>
          <Button onClick={check}>{t('balance.adjust')}</Button>
        </Form>
      )}
      {confirming && (
        <Modal
          open
          title={t('balance.confirmTitle')}
          okText={t('balance.confirm')}
          cancelText={t('balance.cancel')}
          confirmLoading={busy}
          onOk={() => void adjust(confirming)}
          onCancel={() => setConfirming(undefined)}
          destroyOnHidden
        >
          <Typography.Paragraph>
            {t(confirming.amount > 0 ? 'balance.confirmCredit' : 'balance.confirmDebit', {
              amount: price(Math.abs(confirming.amount)),
              email: user.email,
              after: price(user.balance + confirming.amount),
            })}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">{confirming.reason}</Typography.Paragraph>
        </Modal>
      )}
    </>
  );
}
