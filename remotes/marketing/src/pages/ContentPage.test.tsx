// A content page with the data its loader hands it: title, body, and any blocks after the body.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { PublicPage } from '@proxy/contract/schemas/page';
import { renderPage } from '../test/render-page.tsx';
import { ContentPage } from './ContentPage.tsx';

afterEach(cleanup);

const page: PublicPage = {
  slug: 'about',
  title: 'About us',
  body: '<p>We run a modem farm.</p>',
  seo_title: '',
  seo_description: '',
  updated_at: '2026-11-22T00:00:00.000Z',
  blocks: [
    {
      id: 3,
      type: 'faq',
      anchor: 'faq',
      data: { title: 'Questions', items: [{ question: 'Why?', answer: '<p>Because.</p>' }] },
    },
  ],
  plans: [],
};

it('shows the page, its title in the document, and its blocks after the body', async () => {
  await renderPage(ContentPage, { kind: 'page', page }, 'en');
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('About us');
  expect(screen.getByText('We run a modem farm.')).toBeTruthy();
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Questions');
  expect(screen.getByText('Why?').closest('details')).toBeTruthy();
  expect(document.title).toBe('About us');
});

it('tells staff previewing an unpublished page that it is a draft only they see', async () => {
  await renderPage(ContentPage, { kind: 'page', page: { ...page, draft: true } }, 'ru');
  expect(screen.getByRole('status').textContent).toBe(
    'Черновик: страница не опубликована, её видят только сотрудники с доступом к страницам.',
  );
  cleanup();
  await renderPage(ContentPage, { kind: 'page', page }, 'en');
  expect(screen.queryByRole('status')).toBeNull();
});
