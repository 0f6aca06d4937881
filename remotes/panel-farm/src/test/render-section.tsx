import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FarmSection } from '../FarmSection.tsx';
import { Providers } from './setup.tsx';

/**
 * The Farm section at `path` (`/en/panel/farm?tab=…`; a Russian one has no prefix, `/panel/farm`) in that path's
 * language, with the edit and add screens as stand-ins.
 */
export async function renderSection(path = '/en/panel/farm') {
  const language = path.startsWith('/en/') ? 'en' : 'ru';
  const base = language === 'en' ? '/en/panel/farm' : '/panel/farm';
  const router = createMemoryRouter(
    [
      { path: base, Component: FarmSection },
      { path: `${base}/modems/:id`, Component: () => null },
      { path: `${base}/hosts/:id`, Component: () => null },
    ],
    { initialEntries: [path] },
  );
  await act(async () => {
    render(
      <Providers language={language}>
        <RouterProvider router={router} />
      </Providers>,
    );
  });
  return router;
}
