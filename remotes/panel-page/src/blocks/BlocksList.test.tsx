import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PanelBlock } from '@proxy/contract/schemas/blocks';
import { appStore, messageAtom } from '@proxy/contract/state';
import { chooseOption, screenTests, signIn, stubApi } from '@proxy/panel-kit/testing';
import { Providers } from '../test/setup.tsx';
import { BlocksList } from './BlocksList.tsx';

const features: PanelBlock = {
  id: 7,
  page_id: 1,
  type: 'features',
  anchor: 'features',
  published: true,
  sort_order: 1,
  data_ru: {
    title: 'Почему мы',
    lead: '',
    items: [
      { icon: 'sim', title: 'Модем только ваш', text: 'Один модем — один клиент.' },
      { icon: 'rotate', title: 'Новый IP', text: 'По ссылке или по таймеру.' },
    ],
  },
  data_en: null,
  updated_at: '2026-01-01T00:00:00Z',
};

/** The page's blocks list with the features block; the block (or a new one of `type`) opened in its drawer. */
async function openBlock(open: 'features' | 'news', canChange = true) {
  render(
    <Providers>
      <BlocksList pageId={1} initialBlocks={[features]} canChange={canChange} />
    </Providers>,
  );
  if (open === 'features') {
    fireEvent.click(screen.getByRole('button', { name: `${canChange ? 'Edit' : 'View'} block 1 (Features)` }));
    return;
  }
  await chooseOption('Type of the new block', 'News');
  fireEvent.click(screen.getByRole('button', { name: 'Add block' }));
}

/** The row of the features block after a save: its summary shows the saved title. */
const savedRow = () => screen.getAllByRole('row').find((row) => row.textContent?.includes('Features'));

const group = (name: string) => screen.getByRole('region', { name });

/** The open drawer's title (in jsdom antd names every dialog by one test id, so the role's name cannot tell). */
const drawerTitle = async () => (await screen.findByRole('dialog')).querySelector('.ant-drawer-title')?.textContent;

screenTests(['pages.view_page', 'pages.change_page']);

describe('the schema-driven block form', () => {
  it("draws a block's fields from its type's schema: texts, a picklist and a repeatable group per item", async () => {
    await openBlock('features');
    expect(await drawerTitle()).toBe('Block: Features');
    const russian = screen.getByRole('tabpanel', { name: 'Russian' });
    expect((within(russian).getAllByLabelText('Title')[0] as HTMLInputElement).value).toBe('Почему мы');
    // `lead` allows 400 characters: a text area, not a one-line input.
    expect(within(russian).getByLabelText('Lead').tagName).toBe('TEXTAREA');
    const first = group('Items, item 1');
    expect((within(first).getByLabelText('Title') as HTMLInputElement).value).toBe('Модем только ваш');
    expect(within(first).getByText('SIM card')).toBeDefined();
    expect((within(group('Items, item 2')).getByLabelText('Text') as HTMLTextAreaElement).value).toBe(
      'По ссылке или по таймеру.',
    );
  });

  it('adds, moves and removes items, and saves the data in the schema shape', async () => {
    const calls = stubApi(({ body }) => ({ body: { ...features, ...(body as object) } }));
    await openBlock('features');
    // The last item cannot go further down, the first not further up.
    expect((screen.getByRole('button', { name: 'Move Items, item 2 down' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Items, item 1 up' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Items, item 1 down' }));
    expect((within(group('Items, item 1')).getByLabelText('Title') as HTMLInputElement).value).toBe('Новый IP');
    fireEvent.click(screen.getByRole('button', { name: 'Add to “Items”' }));
    const third = group('Items, item 3');
    fireEvent.change(within(third).getByLabelText('Title'), { target: { value: 'Поддержка' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Items, item 2' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('PATCH');
    expect(calls[0]?.url).toBe('/api/panel/blocks/7/');
    expect(calls[0]?.body).toEqual({
      anchor: 'features',
      published: true,
      data_ru: {
        title: 'Почему мы',
        lead: '',
        items: [
          { icon: 'rotate', title: 'Новый IP', text: 'По ссылке или по таймеру.' },
          { icon: 'sim', title: 'Поддержка', text: '' },
        ],
      },
      data_en: null,
    });
    expect(appStore.get(messageAtom)).toMatchObject({ show: true, text: 'Saved', color: 'success' });
    // Saved, the drawer closes and the list shows the block as the server answered it.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(savedRow()).toBeDefined();
  });

  it("puts the server's nested errors on the item fields, and all of them in the error toast", async () => {
    stubApi(() => ({
      status: 400,
      body: { data_ru: { items: [{}, { title: ['This field may not be blank.'] }] }, anchor: ['Invalid anchor.'] },
    }));
    await openBlock('features');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(await within(group('Items, item 2')).findByText('This field may not be blank.')).toBeDefined();
    expect(within(group('Items, item 1')).queryByText('This field may not be blank.')).toBeNull();
    expect(await screen.findByText('Invalid anchor.')).toBeDefined();
    expect(appStore.get(messageAtom)).toMatchObject({
      text: 'This field may not be blank. Invalid anchor.',
      color: 'error',
    });
    expect(await drawerTitle()).toBe('Block: Features');
  });

  it('starts a new block from the empty shape of its schema, with dates as date inputs and empty links left out', async () => {
    const calls = stubApi(({ body }) => ({ status: 201, body: { ...features, ...(body as object), id: 9 } }));
    await openBlock('news');
    expect(await drawerTitle()).toBe('New block: News');
    // A news list needs at least one item: it starts with one, which cannot be removed.
    const item = group('Items, item 1');
    expect((screen.getByRole('button', { name: 'Remove Items, item 1' }) as HTMLButtonElement).disabled).toBe(true);
    const date = within(item).getByLabelText('Date') as HTMLInputElement;
    expect(date.type).toBe('date');
    fireEvent.change(date, { target: { value: '2026-03-01' } });
    fireEvent.change(within(item).getByLabelText('Title'), { target: { value: 'Новые модемы в Казани' } });
    fireEvent.change(screen.getAllByLabelText('Title')[0] as HTMLElement, { target: { value: 'Новости' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url).toBe('/api/panel/pages/1/blocks/');
    expect(calls[0]?.body).toEqual({
      type: 'news',
      anchor: null,
      published: true,
      data_ru: { title: 'Новости', items: [{ title: 'Новые модемы в Казани', date: '2026-03-01', summary: '' }] },
      data_en: null,
    });
  });

  it('copies the Russian data into an English version when it is switched on', async () => {
    const calls = stubApi(({ body }) => ({ body: { ...features, ...(body as object) } }));
    await openBlock('features');
    fireEvent.click(screen.getByRole('tab', { name: 'English' }));
    fireEvent.click(screen.getByRole('switch', { name: 'English version' }));
    const english = screen.getByRole('tabpanel', { name: 'English' });
    const title = (await within(english).findAllByLabelText('Title'))[0] as HTMLInputElement;
    expect(title.value).toBe('Почему мы');
    fireEvent.change(title, { target: { value: 'Why us' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    const body = calls[0]?.body as { data_en: { title: string; items: unknown[] } };
    expect(body.data_en.title).toBe('Why us');
    expect(body.data_en.items).toHaveLength(2);
  });

  it('is read-only without the change permission: no save, no add, no move', async () => {
    signIn(['pages.view_page']);
    await openBlock('features', false);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to “Items”' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move Items, item 2 up' })).toBeNull();
    expect((screen.getAllByLabelText('Title')[0] as HTMLInputElement).disabled).toBe(true);
  });

  it('offers to delete a block only with the delete permission, as the API asks', async () => {
    signIn(['pages.view_page', 'pages.change_page']);
    const { unmount } = render(
      <Providers>
        <BlocksList pageId={1} initialBlocks={[features]} canChange />
      </Providers>,
    );
    expect(screen.queryByRole('button', { name: 'Delete block 1 (Features)' })).toBeNull();
    unmount();
    signIn(['pages.view_page', 'pages.change_page', 'pages.delete_page']);
    render(
      <Providers>
        <BlocksList pageId={1} initialBlocks={[features]} canChange />
      </Providers>,
    );
    expect(screen.getByRole('button', { name: 'Delete block 1 (Features)' })).toBeDefined();
  });
});
