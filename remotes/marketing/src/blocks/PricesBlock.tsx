import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import type { BlockData } from '@proxy/contract/schemas/blocks';
import { formatPrice } from '@proxy/contract/money';
import type { PublicPlan } from '@proxy/contract/schemas/plans';
import { paths } from '@proxy/contract/routes';
import { useT } from '../i18n/use-t.ts';
import styles from './PricesBlock.module.css';
import { Section } from './Section.tsx';

type PeriodKey = 'prices.days.one' | 'prices.days.few' | 'prices.days.many' | 'prices.days.other';

/**
 * The price table carousel: a CSS scroll-snap row (swipe on touch, arrows and keyboard elsewhere), no carousel
 * library. Cards stay in the DOM, so every plan is readable by search engines and screen readers.
 */
export function PricesBlock({
  data,
  anchor,
  plans,
}: {
  data: BlockData<'prices'>;
  anchor: string | null;
  plans: readonly PublicPlan[];
}) {
  const { t, language } = useT();
  const track = useRef<HTMLUListElement>(null);
  const overflowing = useOverflow(track);
  const plural = new Intl.PluralRules(language);
  const period = (days: number) => t(`prices.days.${plural.select(days)}` as PeriodKey, { count: days });
  const scroll = (direction: 1 | -1) => {
    const list = track.current;
    const card = list?.firstElementChild;
    if (!list || !(card instanceof HTMLElement)) return;
    list.scrollBy({ left: direction * (card.offsetWidth + 20), behavior: 'smooth' });
  };
  if (plans.length === 0) return null;
  return (
    <Section anchor={anchor} title={data.title} lead={data.lead}>
      <div className={styles.carousel}>
        <ul ref={track} className={styles.track} tabIndex={0} aria-label={data.title}>
          {plans.map((plan) => (
            <li key={plan.id} className={plan.highlighted ? `${styles.plan} ${styles.highlighted}` : styles.plan}>
              {plan.highlighted ? <span className={styles.badge}>{t('prices.popular')}</span> : null}
              <h3 className={styles.title}>{plan.title}</h3>
              <p className={styles.price}>
                <span className={styles.amount}>{formatPrice(plan.price, plan.currency, language)}</span>
                <span className={styles.period}>{period(plan.period_days)}</span>
              </p>
              {plan.caption ? <p className={styles.caption}>{plan.caption}</p> : null}
              <ul className={styles.features}>
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              {/* The order page with this plan's period chosen; a visitor signs in on the way (the shell's guard). */}
              <Link to={paths.order(language, plan.period_days)} className={styles.order}>
                {t('prices.order')}
              </Link>
            </li>
          ))}
        </ul>
        {/* Always laid out (no shift when it appears), visible only when the plans do not fit the row. */}
        <div className={styles.controls} hidden={!overflowing}>
          <button type="button" className={styles.arrow} onClick={() => scroll(-1)} aria-label={t('prices.previous')}>
            <Chevron direction="left" />
          </button>
          <button type="button" className={styles.arrow} onClick={() => scroll(1)} aria-label={t('prices.next')}>
            <Chevron direction="right" />
          </button>
        </div>
      </div>
      {data.note ? <p className={styles.note}>{data.note}</p> : null}
    </Section>
  );
}

/** Whether the list is wider than its box: re-checked whenever its size changes. */
function useOverflow(ref: RefObject<HTMLElement | null>): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    check();
    // Without ResizeObserver (old browsers) the first measure stands.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return overflowing;
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
