import { useEffect, useState } from 'react';
import { runRequest } from '@proxy/contract/forms';
import type { ApiClient } from '@proxy/contract/api/client';
import { api } from '@proxy/contract/state';
import { useKitT } from '@proxy/panel-kit';

/**
 * One card's settings: loaded once when it shows (a failure toasted, and the card says it could not load), then
 * replaced by what a save answers. An answer arriving after the card is gone is dropped, not aborted: an aborted
 * request would toast "no connection" for a card nobody sees.
 */
export function useSettings<T>(load: (client: ApiClient) => Promise<T>) {
  const kit = useKitT();
  const [value, setValue] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let gone = false;
    void runRequest(() => load(api), {
      networkError: kit.t('messages.networkError'),
      unknownError: kit.t('messages.unknownError'),
    }).then((outcome) => {
      if (gone) return;
      if (outcome.ok) setValue(outcome.value);
      else setFailed(true);
    });
    return () => {
      gone = true;
    };
    // Loaded once per mount: `load` is a module-level API call, `kit` only words a failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { value, setValue, failed };
}
