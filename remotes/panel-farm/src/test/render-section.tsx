import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FarmSection } from '../FarmSection.tsx';
import { Providers } from './setup.tsx';

/** The Farm section at `path` (`/en/panel/farm?tab=…`), with the edit and add screens as empty stand-ins. */
export async function renderSection(path = '/en/panel/farm') {
  const router = createMemoryRouter(
    [
      { path: '/en/panel/farm', Component: FarmSection },
      { path: '/en/panel/farm/modems/:id', Component: () => null },
      { path: '/en/panel/farm/hosts/:id', Component: () => null },
    ],
    { initialEntries: [path] },
  );
  await act(async () => {
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
  });
  return router;
}

/** The query of a recorded call's URL, as an object. */
export const queryOf = (url: string | undefined) => Object.fromEntries(new URL(url ?? '', 'http://x').searchParams);
