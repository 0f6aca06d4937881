import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { countryName, Flag, operatorName } from '@proxy/contract/countries';
import { imageUrl } from '@proxy/contract/images';
import { formatPrice } from '@proxy/contract/money';
import { paths } from '@proxy/contract/routes';
import { blockAtom, homeStockKey, takeBlockAtom, useAtomValue, useSetAtom } from '@proxy/contract/state';
import { useT } from '../i18n/use-t.ts';
import { embeddedStrip, loadStrip, type StripData } from './stock.ts';
import styles from './StockStrip.module.css';

/** Operators listed per country card; the rest are counted in "+N more" (the cards keep one height). */
const OPERATORS_SHOWN = 3;
const PLACEHOLDER_CARDS = [0, 1, 2];

/** A payment method's icon at one of the small squares the image endpoint serves (images.ts). */
const iconSrc = (id: number, size: '24x24' | '48x48') =>
  imageUrl({ id, file_parse: { host: '', format: 'webp' } }, { size });

type FreeKey = 'stock.free.one' | 'stock.free.few' | 'stock.free.many' | 'stock.free.other';

/**
 * The home page's first-screen proof of stock: free modems right now per country and operator, "from N per day" and
 * the payment methods, with a way to order.
 *
 * On the document's first render it paints from what the server embedded (`homeStockKey`): no request, no
 * placeholder, and its height is settled before the first paint, so nothing under it moves. With no free modem (all
 * sold, or no agent reporting) it is a compact card that says so, still with the price, the icons and the order link:
 * a deliberate state rather than the empty box the hero once kept for it.
 *
 * A client-side visit (the router brought the visitor here; the document embedded nothing for this render) fetches
 * as before, holding a placeholder as tall as a strip with stock, the usual answer, so that answer moves nothing;
 * an empty or failed answer then shrinks it to the compact card. That shift follows the visitor's own click, and the
 * page was just replaced under them anyway, which is why it is not held back for the rare empty answer.
 */
export function StockStrip() {
  const { t, language } = useT();
  const embedded = useAtomValue(blockAtom)[homeStockKey(language)];
  const takeBlock = useSetAtom(takeBlockAtom);
  // Read once, at the first render; `null` data is a failed request (the compact card without figures).
  const [state, setState] = useState<{ language: string; data: StripData | null } | null>(() => {
    const data = embeddedStrip(embedded);
    return data ? { language, data } : null;
  });
  // The language the embedded data was for: that render needs no request.
  const embeddedFor = useRef(state?.language);
  useEffect(() => {
    // Forgotten once read: a later visit to the home page (client-side) shows fresh figures, not the document's.
    takeBlock(homeStockKey(language));
    if (embeddedFor.current === language) return;
    embeddedFor.current = undefined;
    const controller = new AbortController();
    loadStrip(controller.signal).then(
      (data) => setState({ language, data }),
      () => {
        if (!controller.signal.aborted) setState({ language, data: null });
      },
    );
    return () => controller.abort();
  }, [language, takeBlock]);

  const loading = state?.language !== language;
  const loaded = loading ? null : state.data;
  const data = loaded && loaded.free > 0 ? loaded : null;
  // Known to have nothing to list (or not known at all): the compact card.
  const compact = !loading && !data;
  const plural = new Intl.PluralRules(language);
  // The price and the icons come with an empty stock too; a failed request has neither.
  const from = loaded?.from;
  const methods = loaded?.methods ?? [];
  return (
    <section
      className={compact ? `${styles.strip} ${styles.compact}` : styles.strip}
      aria-labelledby="stock-title"
      aria-busy={loading}
    >
      <div className={styles.head}>
        <h2 id="stock-title" className={styles.title}>
          <span className={styles.live} aria-hidden="true" />
          {t('stock.title')}
        </h2>
        {/* Placeholders as wide as the figures usually are; each line keeps its height whatever it holds. */}
        <p className={styles.total}>
          {loading ? (
            <span className={styles.placeholder} />
          ) : data ? (
            t(`stock.free.${plural.select(data.free)}` as FreeKey, { count: data.free })
          ) : (
            t(loaded ? 'stock.soldOut' : 'stock.unknown')
          )}
        </p>
        {loading || from || !compact ? (
          <p className={styles.from}>
            {loading ? (
              <span className={styles.placeholder} />
            ) : from ? (
              t('stock.from', { price: formatPrice(from.amount, from.currency, language) })
            ) : null}
          </p>
        ) : null}
        <Link to={paths.order(language)} className={styles.order}>
          {t('stock.order')}
        </Link>
      </div>
      {compact ? null : (
        // Swiped on a phone; focusable, so the keyboard scrolls it too (a scrollable region must be, WCAG 2.1.1).
        <ul className={styles.countries} tabIndex={0} aria-labelledby="stock-title">
          {data
            ? data.countries.map((country) => (
                <li key={country.country} className={styles.country}>
                  <p className={styles.countryName}>
                    <Flag country={country.country} language={language} decorative className={styles.flag} />
                    <span className={styles.name}>{countryName(country.country, language)}</span>
                    <span className={styles.count}>{country.free}</span>
                  </p>
                  <ul className={styles.operators}>
                    {country.operators.slice(0, OPERATORS_SHOWN).map((operator) => (
                      <li key={operator.operator}>
                        <span className={styles.name}>{operatorName(operator, language)}</span>
                        <span className={styles.count}>{operator.free}</span>
                      </li>
                    ))}
                    {country.operators.length > OPERATORS_SHOWN ? (
                      <li className={styles.more}>
                        {t('stock.more', { count: country.operators.length - OPERATORS_SHOWN })}
                      </li>
                    ) : null}
                  </ul>
                </li>
              ))
            : PLACEHOLDER_CARDS.map((card) => <li key={card} className={`${styles.country} ${styles.skeleton}`} />)}
        </ul>
      )}
      {/*
        While loading the row keeps its height: an empty one moves nothing when the icons come, a missing one would.
        Loaded without methods (or failed), there is nothing to wait for and no "We accept" with nothing after it.
      */}
      {loading || methods.length > 0 ? (
        <div className={styles.pay}>
          <span id="stock-pay">{t('stock.pay')}</span>
          <ul className={styles.methods} tabIndex={0} aria-labelledby="stock-pay">
            {methods.map((method) => (
              <li key={method.id} className={styles.method} title={method.name}>
                {method.icon ? (
                  <img
                    src={iconSrc(method.icon.id, '24x24')}
                    srcSet={`${iconSrc(method.icon.id, '48x48')} 2x`}
                    width={24}
                    height={24}
                    alt={method.name}
                    loading="lazy"
                    decoding="async"
                  />
                ) : (
                  method.name
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
