-- NOWPayments (nowpayments.io), a hosted crypto gateway, joins BTCPay Server as a payment method provider (#27): the
-- checks on the provider name widen to it; nothing else about a method or an invoice changes (its settings and
-- secrets reuse `server_url`, `api_key` and `webhook_secret`; its invoice id is the invoice's `provider_reference`).
ALTER TABLE payment_methods DROP CONSTRAINT payment_methods_provider_check;
ALTER TABLE payment_methods ADD CONSTRAINT payment_methods_provider_check
  CHECK (provider IN ('manual', 'btcpay', 'nowpayments'));
ALTER TABLE invoices DROP CONSTRAINT invoices_provider_check;
ALTER TABLE invoices ADD CONSTRAINT invoices_provider_check CHECK (provider IN ('manual', 'btcpay', 'nowpayments'));
