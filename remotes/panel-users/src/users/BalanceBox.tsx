import { useRef } from 'react';
import * as v from 'valibot';
import { Typography } from 'antd';
import { adjustPanelUserBalance } from '@proxy/contract/api/panel-users';
import { attemptFor, type Attempt } from '@proxy/contract/idempotency';
import { formatPrice, minorUnitsOf } from '@proxy/contract/money';
import { hasPermission, USER_PERMISSIONS } from '@proxy/contract/permissions';
import { MAX_AMOUNT } from '@proxy/contract/schemas/billing';
import { BalanceAdjustmentSchema, type BalanceAdjustment, type PanelUserDetail } from '@proxy/contract/schemas/users';
import { api, useAtomValue, userAtom } from '@proxy/contract/state';
import { ActionForm, MoneyField, TextField } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { currencySign } from './user-resource.ts';
import styles from './users.module.css';

interface AdjustmentValues {
  /** Typed in major units, as typed ("-150,5"). */
  readonly amount: string;
  readonly reason: string;
}

const EMPTY: AdjustmentValues = { amount: '', reason: '' };

/**
 * The contract's adjustment, and no debit the balance shown does not cover: refused on the amount before the
 * confirmation, which would otherwise offer "The balance becomes −998 149 ₽" (#28). The server stays the judge
 * (the balance may have moved since the page loaded): its refusal lands on the amount too.
 */
const coveredBy = (balance: number) =>
  v.object({
    ...BalanceAdjustmentSchema.entries,
    amount: v.pipe(
      BalanceAdjustmentSchema.entries.amount,
      v.check((amount) => balance + amount >= 0, 'below_zero'),
    ),
  });

/**
 * The account's balance, and with `users.change_balance` an adjustment: a signed amount typed in major units and a
 * required reason, checked with the contract's schema and against the balance, confirmed with the balance it will
 * leave, then posted as an `adjustment` ledger entry. The server's refusal of a debit below zero lands on the amount.
 */
export function BalanceBox({
  user,
  onAdjusted,
}: {
  user: PanelUserDetail;
  onAdjusted: (user: PanelUserDetail) => void;
}) {
  const { t, language } = useT();
  const actor = useAtomValue(userAtom);
  // The API refuses any change to a superuser's account from anyone but a superuser.
  const canAdjust =
    hasPermission(actor, USER_PERMISSIONS.changeBalance) && (!user.is_superuser || actor?.is_superuser === true);
  const attempt = useRef<Attempt | null>(null);
  const price = (minor: number) => formatPrice(minor, user.currency, language);

  function adjust(adjustment: BalanceAdjustment) {
    // The same adjustment sent again after a lost answer keeps its key: the server posts it once.
    attempt.current = attemptFor(attempt.current, { id: user.id, ...adjustment });
    return adjustPanelUserBalance(api, user.id, adjustment, attempt.current.key);
  }

  return (
    <>
      <h2 className={styles.heading}>{t('balance.title')}</h2>
      <div className={styles.balance} aria-label={t('balance.current')} role="status">
        {price(user.balance)}
      </div>
      {canAdjust && (
        <ActionForm<AdjustmentValues, BalanceAdjustment, PanelUserDetail>
          name={`user-${user.id}-balance`}
          initialValues={EMPTY}
          toInput={({ amount, reason }) => ({ amount: minorUnitsOf(amount, { signed: true }) ?? Number.NaN, reason })}
          schema={coveredBy(user.balance)}
          checkMessages={{
            not_zero: t('balance.notZero'),
            below_zero: t('balance.belowZero', { balance: price(user.balance) }),
          }}
          send={adjust}
          done={(adjusted) => t('balance.done', { balance: price(adjusted.balance) })}
          onDone={(adjusted) => {
            // Done: the same adjustment asked for again is a new one.
            attempt.current = null;
            onAdjusted(adjusted);
          }}
          submitLabel={t('balance.adjust')}
          confirm={(adjustment) => ({
            title: t('balance.confirmTitle'),
            okText: t('balance.confirm'),
            cancelText: t('balance.cancel'),
            content: (
              <>
                <Typography.Paragraph>
                  {t(adjustment.amount > 0 ? 'balance.confirmCredit' : 'balance.confirmDebit', {
                    amount: price(Math.abs(adjustment.amount)),
                    email: user.email,
                    after: price(user.balance + adjustment.amount),
                  })}
                </Typography.Paragraph>
                <Typography.Paragraph type="secondary">{adjustment.reason}</Typography.Paragraph>
              </>
            ),
          })}
        >
          <MoneyField
            name="amount"
            label={t('balance.amount', { sign: currencySign(user.currency, language) })}
            required
            help={t('balance.amountHelp')}
            currency={user.currency}
            signed
            min={-MAX_AMOUNT}
            max={MAX_AMOUNT}
          />
          <TextField
            name="reason"
            label={t('balance.reason')}
            required
            help={t('balance.reasonHelp')}
            maxLength={500}
            rows={{ min: 2, max: 6 }}
          />
        </ActionForm>
      )}
    </>
  );
}
