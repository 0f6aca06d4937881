import * as v from 'valibot';
import { LANGUAGES } from '../languages.ts';
import { CURRENCIES } from '../money.ts';
import { ALL_PERMISSIONS } from '../permission-groups.ts';
import { MAX_AMOUNT } from './billing.ts';
import { requiredText } from './fields.ts';
import { defineList, type ListParams } from './list-query.ts';

/**
 * People (issue #15): the panel's Users section (a customer's account as staff see and change it, its balance
 * adjustments and the audit of every change) and the signed-in user's own page (profile, password, e-mail,
 * sessions). Money is in minor units of the site's one currency.
 */

const timestamp = v.string();
const currency = v.picklist(CURRENCIES);

// ---------------------------------------------------------------------------------------------------------------
// Panel: the list

/** One row of `GET /api/panel/users/`. */
export const PanelUserSchema = v.object({
  id: v.number(),
  email: v.string(),
  is_active: v.boolean(),
  email_verified: v.boolean(),
  is_staff: v.boolean(),
  is_superuser: v.boolean(),
  language: v.picklist(LANGUAGES),
  subscribed: v.boolean(),
  date_joined: timestamp,
  last_login: v.nullable(timestamp),
  balance: v.number(),
  currency,
  /** Proxies the customer holds now, whatever their state. */
  proxies: v.number(),
});
export type PanelUser = v.InferOutput<typeof PanelUserSchema>;

const YES_NO = ['true', 'false'] as const;

/**
 * `?search=` a part of the e-mail; `?active=`, `?verified=`, `?staff=` (`true`, `false`); `?balance_min=&balance_max=`
 * (minor units); `?date_joined_after=&…_before=`, `?last_login_after=&…_before=`.
 */
export const PANEL_USER_LIST = defineList({
  orderings: ['id', 'email', 'date_joined', 'last_login', 'balance', 'proxies'],
  filters: {
    active: { type: 'list', choices: YES_NO },
    verified: { type: 'list', choices: YES_NO },
    staff: { type: 'list', choices: YES_NO },
    balance: { type: 'range' },
    date_joined: { type: 'date_range' },
    last_login: { type: 'date_range' },
  },
});
export type PanelUserListParams = ListParams<typeof PANEL_USER_LIST>;

// ---------------------------------------------------------------------------------------------------------------
// Panel: one account

/** `GET /api/panel/users/{id}/`: the row and the permission strings (`premission` stays the customer API's spelling). */
export const PanelUserDetailSchema = v.object({
  ...PanelUserSchema.entries,
  permissions: v.array(v.string()),
});
export type PanelUserDetail = v.InferOutput<typeof PanelUserDetailSchema>;

/**
 * `PATCH /api/panel/users/{id}/`: any subset. Only a superuser grants `is_staff`, `is_superuser` or a permission
 * they lack themselves; nobody takes their own `is_superuser` away; `is_active: false` is a block (see `block`).
 */
export const PanelUserUpdateSchema = v.partial(
  v.object({
    is_active: v.boolean(),
    email_verified: v.boolean(),
    is_staff: v.boolean(),
    is_superuser: v.boolean(),
    language: v.picklist(LANGUAGES),
    subscribed: v.boolean(),
    permissions: v.pipe(v.array(v.picklist(ALL_PERMISSIONS)), v.maxLength(ALL_PERMISSIONS.length)),
  }),
);
export type PanelUserUpdate = v.InferOutput<typeof PanelUserUpdateSchema>;

/** `POST /api/panel/users/{id}/balance/`: a signed amount (never 0) and why, recorded as an `adjustment` entry. */
export const BalanceAdjustmentSchema = v.object({
  amount: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(-MAX_AMOUNT),
    v.maxValue(MAX_AMOUNT),
    v.check((amount) => amount !== 0, 'not_zero'),
  ),
  reason: requiredText(500),
});
export type BalanceAdjustment = v.InferOutput<typeof BalanceAdjustmentSchema>;

export const USER_AUDIT_ACTIONS = [
  'update',
  'balance',
  'block',
  'unblock',
  'password_change',
  'email_change',
  'sessions_revoked',
  // Second factors (issue #48): the owner's changes, and staff's reset.
  'two_factor_enabled',
  'two_factor_disabled',
  'two_factor_reset',
  'recovery_codes_regenerated',
  'passkey_added',
  'passkey_removed',
  // Staff credited a top-up by hand (the factor they confirmed is `changes.step_up`).
  'invoice_paid',
] as const;
export type UserAuditAction = (typeof USER_AUDIT_ACTIONS)[number];

/**
 * One recorded change of an account (`GET /api/panel/users/{id}/audit/`, newest first): who (null: the account's
 * owner or a deleted staff account), what (`changes`: field → `[before, after]`; a balance: amount, reason and the
 * ledger entry), when.
 */
export const UserAuditEntrySchema = v.object({
  id: v.number(),
  action: v.picklist(USER_AUDIT_ACTIONS),
  actor: v.nullable(v.object({ id: v.number(), email: v.string() })),
  changes: v.record(v.string(), v.unknown()),
  created_at: timestamp,
});
export type UserAuditEntry = v.InferOutput<typeof UserAuditEntrySchema>;

// ---------------------------------------------------------------------------------------------------------------
// The signed-in user's own page

/**
 * `PATCH /api/users/`: what the signed-in user may change about themselves, any subset (at least one): the mailing
 * subscription and the language the site and the e-mails use. Anything else in the body is ignored.
 */
export const OwnProfileUpdateSchema = v.partial(v.object({ subscribed: v.boolean(), language: v.picklist(LANGUAGES) }));
export type OwnProfileUpdate = v.InferOutput<typeof OwnProfileUpdateSchema>;

/**
 * `POST /api/auth/password/change/` (dj-rest-auth's names): the current password and the new one twice, checked by
 * registration's rules; every other session of the user is signed out, this one stays.
 */
export const PasswordChangeSchema = v.object({
  old_password: v.pipe(v.string(), v.minLength(1)),
  new_password1: v.pipe(v.string(), v.minLength(1)),
  new_password2: v.pipe(v.string(), v.minLength(1)),
});
export type PasswordChange = v.InferOutput<typeof PasswordChangeSchema>;

/**
 * `POST /api/users/email/`: the new address and the current password. A link goes to the new address (3 days); the
 * address changes only when it is followed (`POST /api/users/email/confirm/ {key}`), and the old address is told.
 */
export const EmailChangeSchema = v.object({
  email: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(254)),
  password: v.pipe(v.string(), v.minLength(1)),
});
export type EmailChange = v.InferOutput<typeof EmailChangeSchema>;

export const EmailChangeConfirmSchema = v.object({ key: v.pipe(v.string(), v.minLength(1), v.maxLength(1000)) });
export type EmailChangeConfirm = v.InferOutput<typeof EmailChangeConfirmSchema>;

/** The confirmation's answer: the account's address now, for the page that opened the link to name. */
export const EmailChangedSchema = v.object({ detail: v.string(), email: v.string() });
export type EmailChanged = v.InferOutput<typeof EmailChangedSchema>;

/** One signed-in device (`GET /api/users/sessions/`, most recently used first); `current` is the caller's. */
export const SessionSchema = v.object({
  id: v.number(),
  /** From the user agent: `Firefox 128`, `Safari`; empty when it says nothing recognisable. */
  browser: v.string(),
  /** `Windows`, `macOS`, `Android 14`, `iOS 17`; empty when unknown. */
  os: v.string(),
  user_agent: v.string(),
  /** The client address the login came from (resolved through TRUST_PROXY). */
  ip: v.string(),
  created_at: timestamp,
  last_used_at: timestamp,
  current: v.boolean(),
});
export type Session = v.InferOutput<typeof SessionSchema>;
