/**
 * The ways of paying, behind one interface: the service creates invoices, credits them and records webhook
 * deliveries the same way for all of them, and asks the method's provider only what differs — whether the method is
 * set up, what address a new invoice shows, whether a checkout opens elsewhere, and what a webhook delivery says.
 * A new gateway is one more adapter in a file of its own (gateway.ts says what it answers) and one more name in the
 * contract.
 */
import type { PaymentProvider } from '@proxy/contract/schemas/billing';
import { btcpay } from './btcpay.ts';
import type { PaymentProviderAdapter } from './gateway.ts';
import { nowpayments } from './nowpayments.ts';

/** Staff's own address (a wallet, a card number): the customer pays by the method's instructions. */
const manual: PaymentProviderAdapter = {
  ready: () => true,
  payAddress: (method) => method.settings.address,
  openCheckout: async () => null,
};

export const PROVIDERS: Readonly<Record<PaymentProvider, PaymentProviderAdapter>> = { manual, btcpay, nowpayments };
