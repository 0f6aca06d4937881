import * as v from 'valibot';
import { LANGUAGES } from '../languages.ts';
import { CURRENCIES } from '../money.ts';

/** The signed-in user as `GET /api/users/` returns it (docs/auth-api-contract.md #7; `premission` is spelt so). */
export const AuthUserSchema = v.object({
  pk: v.number(),
  email: v.string(),
  premission: v.array(v.string()),
  is_superuser: v.boolean(),
  language: v.picklist(LANGUAGES),
  subscribed: v.boolean(),
  date_joined: v.string(),
  /** The balance in minor units of the site's currency (the contract allows the site's own fields here). */
  balance: v.number(),
  currency: v.picklist(CURRENCIES),
});
export type AuthUser = v.InferOutput<typeof AuthUserSchema>;

/**
 * `PATCH /api/users/`: what the signed-in user may change about themselves here, the mailing subscription (the user
 * page's switch; the e-mails' unsubscribe link only turns it off).
 */
export const UserSettingsSchema = v.object({ subscribed: v.boolean() });
export type UserSettings = v.InferOutput<typeof UserSettingsSchema>;
