import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PaymentsSection } from '../PaymentsSection.tsx';
import { Providers } from './setup.tsx';

/** The Payments section at `path` (`/en/panel/payment?tab=…`), with the method screens as empty stand-ins. */
export async function renderSection(path = '/en/panel/payment') {
  const router = createMemoryRouter(
    [
      { path: '/en/panel/payment', Component: PaymentsSection },
      { path: '/en/panel/payment/:id', Component: () => null },
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
