import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, NetworkError } from '@proxy/contract/api/errors';
import { getTrialOffer, takeTrial } from '@proxy/contract/api/trial';
import { cityName, countryName, operatorName } from '@proxy/contract/countries';
import type { Language } from '@proxy/contract/languages';
import { paths } from '@proxy/contract/routes';
import type { TrialOffer } from '@proxy/contract/schemas/trial';
import { api } from '@proxy/contract/state';
import { Card, pluralOf, ui, useLoaded } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';

type Place = TrialOffer['places'][number];
const placeKey = (place: Place) => JSON.stringify([place.country, place.city, place.operator]);
const placeLabel = (place: Place, language: Language) =>
  [countryName(place.country, language), cityName(place, language), operatorName(place, language)].join(' · ');

/**
 * The free trial on the order page (#29): shown when staff have switched it on. Available: a place to choose (those
 * with enough free modems now) and "Take a free trial for N hours", which makes the proxy and opens its page. Not
 * available: why, in the server's words (the address not confirmed, already taken, the address's daily limit, no
 * stock). Switched off, or not loaded: nothing at all — the order form is the page.
 */
export function TrialBox() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const selectId = useId();
  const loaded = useLoaded(`trial|${language}`, (signal) => getTrialOffer(api, signal));
  const offer = loaded.data;
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (!offer || offer.reason === 'off') return null;

  const duration =
    offer.minutes % 60 === 0
      ? t(`trial.hours.${pluralOf(offer.minutes / 60, language)}`, { count: offer.minutes / 60 })
      : t(`trial.minutes.${pluralOf(offer.minutes, language)}`, { count: offer.minutes });
  const key = chosen ?? (offer.places[0] ? placeKey(offer.places[0]) : '');
  const place = offer.places.find((candidate) => placeKey(candidate) === key);

  async function take() {
    if (!place) return;
    setBusy(true);
    setRefusal(null);
    try {
      const taken = await takeTrial(api, { country: place.country, city: place.city, operator: place.operator });
      void navigate(paths.ipDetail(taken.proxy_id, language));
    } catch (error) {
      setBusy(false);
      setRefusal(
        error instanceof NetworkError
          ? t('trial.network')
          : error instanceof ApiError && error.status < 500
            ? (error.detail ?? Object.values(error.fieldErrors).flat().join(' '))
            : t('errors.unknown'),
      );
      // A refusal means the offer changed (stock gone, taken meanwhile): show what holds now.
      loaded.retry();
    }
  }

  return (
    <Card title={t('trial.title')}>
      {offer.available && place ? (
        <div className={ui.stack}>
          <p className={ui.muted}>{t('trial.text', { duration })}</p>
          <label className={ui.field} htmlFor={selectId}>
            <span className={ui.fieldLabel}>{t('trial.place')}</span>
            <select id={selectId} className={ui.input} value={key} onChange={(event) => setChosen(event.target.value)}>
              {offer.places.map((option) => (
                <option key={placeKey(option)} value={placeKey(option)}>
                  {placeLabel(option, language)}
                </option>
              ))}
            </select>
          </label>
          <div className={ui.buttons}>
            <button type="button" className={ui.primaryButton} disabled={busy} onClick={() => void take()}>
              {t('trial.take', { duration })}
            </button>
          </div>
          {refusal && (
            <p className={ui.fieldError} role="alert">
              {refusal}
            </p>
          )}
        </div>
      ) : (
        <p className={ui.muted} role="status">
          {refusal ?? offer.message}
        </p>
      )}
    </Card>
  );
}
