import { useKitT } from './i18n/use-kit-t.ts';

/**
 * The one name a proxy goes by on every customer screen (#28) — the list, its page and title, the dashboard, the
 * receipt, the order history, a transfer: the customer's own label (its comment) when they gave one, else
 * "Прокси №12" / "Proxy #12".
 */
export function useProxyName(): (proxy: { readonly id: number; readonly comment?: string | null }) => string {
  const { t } = useKitT();
  return (proxy) => proxy.comment?.trim() || t('proxy.name', { id: proxy.id });
}
