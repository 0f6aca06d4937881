import { describeRefusals } from '../../test/refusals.ts';
import { CUSTOMER_API_REFUSALS } from './refusals.ts';

describeRefusals('customer-api', CUSTOMER_API_REFUSALS, {
  missingScope: {
    refusal: CUSTOMER_API_REFUSALS.missingScope({ scope: 'proxies:write' }),
    status: 403,
    en: { detail: 'This API key lacks the "proxies:write" scope.' },
    ru: { detail: 'У этого API-ключа нет права «proxies:write».' },
  },
});
