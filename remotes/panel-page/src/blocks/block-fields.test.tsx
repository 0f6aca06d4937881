// A block's form says what to upload where the site's layout fixes a picture's box (the hero's 4:3 frame).
import { render, screen } from '@testing-library/react';
import { Form } from 'react-final-form';
import { expect, it } from 'vitest';
import { screenTests } from '@proxy/panel-kit/testing';
import { Providers } from '../test/setup.tsx';
import { BlockFields, blockValues } from './block-fields.tsx';

screenTests(['pages.view_page', 'pages.change_page']);

function renderFields(type: 'hero' | 'faq', language: 'ru' | 'en') {
  render(
    <Providers language={language}>
      <Form
        initialValues={blockValues(null, type)}
        onSubmit={() => undefined}
        render={() => <BlockFields type={type} tab="ru" onTab={() => undefined} />}
      />
    </Providers>,
  );
}

it.each([
  ['en', 'Recommended: 1040×780 px (4:3) or larger.'],
  ['ru', 'Рекомендуется 1040×780 px (4:3) или больше.'],
] as const)('gives the hero image its recommended size (%s)', (language, text) => {
  renderFields('hero', language);
  expect(screen.getByText((content) => content.startsWith(text))).toBeTruthy();
});

it('gives no size advice where the layout takes any picture', () => {
  renderFields('faq', 'en');
  expect(screen.queryByText(/Recommended:/)).toBeNull();
});
