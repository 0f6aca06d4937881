/** Making a customer API key: the account's limit decided on its locked row, so concurrent creates cannot pass it. */
import { MAX_API_KEYS, type ApiKeyCreate, type ApiKeyCreated } from '@proxy/contract/schemas/api-keys';
import type { Db } from '../../db/db.ts';
import { apiKeysRepository, newApiKey } from './api-keys-repository.ts';
import { ACCOUNT_REFUSALS } from './refusals.ts';
import { hashTokenKey } from './tokens-repository.ts';

export function apiKeysService(db: Db) {
  return {
    create(userId: number, input: ApiKeyCreate): Promise<ApiKeyCreated> {
      return db.transaction(async (tx) => {
        // NO KEY UPDATE: excludes another create of this account, not the foreign keys other tables take on the row.
        await tx.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
        const keys = apiKeysRepository(tx);
        if ((await keys.countLiveOf(userId)) >= MAX_API_KEYS) throw ACCOUNT_REFUSALS.apiKeyLimit({ max: MAX_API_KEYS });
        const { secret, prefix } = newApiKey();
        const key = await keys.insert(userId, {
          name: input.name,
          prefix,
          keyHash: hashTokenKey(secret),
          scopes: [...new Set(input.scopes)],
        });
        return { ...key, secret };
      });
    },
  };
}
