// The panel's Pages section API as the panel and staff see it: who may do what, DRF-shaped answers and errors in ru
// and en, sanitizing on save, reordering, and the public pages following every edit.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, RU, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const VALID_PAGE = { slug: 'rules-2027', title_ru: 'Правила 2027', title_en: 'Rules 2027', body_ru: '<p>Текст</p>' };
const VALID_PLAN = { title_ru: 'Полгода', price: 1_800_000, currency: 'RUB', period_days: 180 };

describe.each(BACKENDS)('panel content API on $name', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  /** Token headers per role. */
  const as: Record<'boss' | 'editor' | 'viewer' | 'staff' | 'customer', Record<string, string>> = {
    boss: {},
    editor: {},
    viewer: {},
    staff: {},
    customer: {},
  };

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    app = await buildTestApp({ db: testDb.db });
    const roles = {
      boss: { superuser: true, staff: true },
      editor: {
        staff: true,
        permissions: ['pages.view_page', 'pages.add_page', 'pages.change_page', 'pages.delete_page'],
      },
      viewer: { staff: true, permissions: ['pages.view_page'] },
      staff: { staff: true, permissions: ['users.view_user'] },
      customer: {},
    } as const;
    for (const [role, fixture] of Object.entries(roles)) {
      const email = freshEmail(role);
      await createUser(testDb.db, { email, ...fixture });
      as[role as keyof typeof as] = tokenHeader(await login(app, email));
    }
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
  });

  const call = (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  const homeId = async () =>
    (await call('GET', '/api/panel/pages/?search=index', as.boss))
      .json<{ results: { id: number; home: boolean }[] }>()
      .results.find((page) => page.home)?.id as number;

  describe('permissions', () => {
    // Each endpoint with the permission it needs; the body is valid so only the permission decides.
    const cases: readonly { method: Method; url: string; needs: string; payload?: unknown }[] = [
      { method: 'GET', url: '/api/panel/pages/', needs: 'view' },
      { method: 'POST', url: '/api/panel/pages/', needs: 'add', payload: { ...VALID_PAGE, slug: 'perm-page' } },
      { method: 'GET', url: '/api/panel/plans/', needs: 'view' },
      { method: 'POST', url: '/api/panel/plans/', needs: 'add', payload: VALID_PLAN },
      { method: 'GET', url: '/api/panel/menu/', needs: 'view' },
      { method: 'POST', url: '/api/panel/menu/', needs: 'change', payload: { name_ru: 'Блог', link: '/blog' } },
    ];

    it.each(cases)('$method $url: 401 anonymous, 403 customer and other staff', async ({ method, url, payload }) => {
      const anonymous = await call(method, url, {}, payload);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ detail: 'Учетные данные не были предоставлены.' });
      for (const role of ['customer', 'staff'] as const) {
        const refused = await call(method, url, { ...as[role], ...EN }, payload);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
      }
    });

    it.each(cases)(
      '$method $url: allowed with the $needs permission, and as superuser',
      async ({ method, url, needs, payload }) => {
        const viewerMay = needs === 'view';
        const viewer = await call(method, url, as.viewer, payload);
        expect(viewer.statusCode).toBe(viewerMay ? 200 : 403);
        for (const role of ['editor', 'boss'] as const) {
          const allowed = await call(method, url, as[role], payload && { ...payload, ...slugFor(payload, role) });
          expect(allowed.statusCode).toBe(method === 'POST' ? 201 : 200);
        }
      },
    );

    function slugFor(payload: object, role: string): object {
      return 'slug' in payload ? { slug: `perm-page-${role}` } : {};
    }

    it('editing and deleting need change and delete', async () => {
      const page = (await call('POST', '/api/panel/pages/', as.editor, { ...VALID_PAGE, slug: 'perm-edit' })).json();
      expect((await call('PATCH', `/api/panel/pages/${page.id}/`, as.viewer, { title_ru: 'X' })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/panel/pages/${page.id}/`, as.viewer)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/panel/pages/${page.id}/`, as.customer)).statusCode).toBe(403);
      expect((await call('GET', `/api/panel/pages/${page.id}/`, as.viewer)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/panel/pages/${page.id}/`, as.editor)).statusCode).toBe(204);
      expect((await call('GET', `/api/panel/pages/${page.id}/`, as.viewer)).statusCode).toBe(404);
    });
  });

  describe('pages', () => {
    it('lists every page, drafts too, with counts, search, filters and ordering', async () => {
      const body = (await call('GET', '/api/panel/pages/', as.viewer)).json();
      expect(body.count).toBeGreaterThanOrEqual(6);
      // The home page comes first, marked, with its blocks counted.
      expect(body.results[0]).toMatchObject({ slug: 'index', home: true, published: true });
      expect(body.results[0].blocks).toBeGreaterThanOrEqual(9);
      expect(body.results.map((page: { slug: string }) => page.slug)).toContain('pricing-draft');

      const drafts = (await call('GET', '/api/panel/pages/?published=false', as.viewer)).json();
      expect(drafts.results.every((page: { published: boolean }) => !page.published)).toBe(true);
      expect(drafts.results.map((page: { slug: string }) => page.slug)).toContain('pricing-draft');

      const found = (await call('GET', '/api/panel/pages/?search=contacts', as.viewer)).json();
      expect(found.results.map((page: { slug: string }) => page.slug)).toEqual(['contacts']);

      const byTitle = (await call('GET', '/api/panel/pages/?ordering=-title_ru&page_size=100', as.viewer)).json();
      const titles = byTitle.results
        .filter((page: { home: boolean }) => !page.home)
        .map((p: { title_ru: string }) => p.title_ru);
      expect(titles).toEqual([...titles].sort((a: string, b: string) => b.localeCompare(a, 'ru')));

      const badOrdering = await call('GET', '/api/panel/pages/?ordering=password', { ...as.viewer, ...EN });
      expect([badOrdering.statusCode, badOrdering.json()]).toEqual([
        400,
        { ordering: ['"password" is not a valid choice.'] },
      ]);
      const badFilter = await call('GET', '/api/panel/pages/?published=maybe', { ...as.viewer, ...EN });
      expect([badFilter.statusCode, badFilter.json()]).toEqual([
        400,
        { published: ['"maybe" is not a valid choice.'] },
      ]);
      expect((await call('GET', '/api/panel/pages/?page=99', as.viewer)).json()).toEqual({
        detail: 'Неправильная страница.',
      });
    });

    it('creates a page with every language field, and the public site shows it once published', async () => {
      const created = await call('POST', '/api/panel/pages/', as.editor, {
        ...VALID_PAGE,
        slug: 'new-cities',
        body_en: '<p>Text</p>',
        seo_title_ru: 'Новые города',
        seo_description_en: 'New cities',
        menu: 'footer',
      });
      expect(created.statusCode).toBe(201);
      const page = created.json();
      expect(page).toMatchObject({
        slug: 'new-cities',
        home: false,
        title_en: 'Rules 2027',
        body_ru: '<p>Текст</p>',
        published: false,
        menu: 'footer',
        seo_title_en: '',
      });
      expect((await app.inject('/api/pages/new-cities/')).statusCode).toBe(404);

      const published = await call('PATCH', `/api/panel/pages/${page.id}/`, as.editor, { published: true });
      expect(published.json()).toMatchObject({ published: true, title_ru: 'Правила 2027' });
      const visible = await app.inject({ url: '/api/pages/new-cities/', headers: EN });
      expect(visible.json()).toMatchObject({ title: 'Rules 2027', body: '<p>Text</p>', blocks: [], plans: [] });
    });

    it('sanitizes bodies on save: no script survives, the text does', async () => {
      const created = await call('POST', '/api/panel/pages/', as.editor, {
        ...VALID_PAGE,
        slug: 'xss-attempt',
        body_ru:
          '<p onclick="alert(1)">Привет<script>alert(1)</script><img src=x onerror=alert(1)></p><a href="javascript:alert(1)">ссылка</a>',
      });
      expect(created.statusCode).toBe(201);
      const body = created.json().body_ru as string;
      expect(body).toContain('Привет');
      expect(body).toContain('ссылка');
      expect(body).not.toMatch(/script|onclick|onerror|javascript:/i);
    });

    it('refuses bad input field by field, in the request language, and saves nothing', async () => {
      const before = (await call('GET', '/api/panel/pages/', as.viewer)).json().count;
      const ru = await call(
        'POST',
        '/api/panel/pages/',
        { ...as.editor, ...RU },
        { slug: 'Bad Slug!', title_ru: '  ' },
      );
      expect(ru.statusCode).toBe(400);
      expect(ru.json()).toEqual({
        slug: ['Только латинские буквы в нижнем регистре, цифры и дефисы между ними (например, price-list).'],
        title_ru: ['Это поле не может быть пустым.'],
      });

      const en = await call(
        'POST',
        '/api/panel/pages/',
        { ...as.editor, ...EN },
        { published: 'yes', menu: 'sidebar' },
      );
      expect(en.statusCode).toBe(400);
      expect(en.json()).toEqual({
        slug: ['This field is required.'],
        title_ru: ['This field is required.'],
        published: ['Must be a valid boolean.'],
        menu: ['"sidebar" is not a valid choice.'],
      });

      const notAnObject = await call('POST', '/api/panel/pages/', { ...as.editor, ...EN }, ['slug']);
      expect(notAnObject.json()).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
      expect((await call('GET', '/api/panel/pages/', as.viewer)).json().count).toBe(before);
    });

    it('refuses a duplicate slug and a slug a site section owns, on create and on edit', async () => {
      const duplicate = await call(
        'POST',
        '/api/panel/pages/',
        { ...as.editor, ...EN },
        { ...VALID_PAGE, slug: 'about' },
      );
      expect(duplicate.statusCode).toBe(400);
      expect(duplicate.json()).toEqual({ slug: ['page with this slug already exists.'] });

      const reserved = await call('POST', '/api/panel/pages/', as.editor, { ...VALID_PAGE, slug: 'order' });
      expect(reserved.json()).toEqual({ slug: ['Этот адрес занят разделом сайта, выберите другой.'] });

      const faq = (await call('GET', '/api/panel/pages/?search=faq', as.viewer)).json().results[0];
      const edit = await call('PATCH', `/api/panel/pages/${faq.id}/`, as.editor, { slug: 'about' });
      expect(edit.json()).toEqual({ slug: ['Страница с таким slug уже существует.'] });
      expect((await call('GET', `/api/panel/pages/${faq.id}/`, as.viewer)).json().slug).toBe('faq');
    });

    it('keeps the home page: it cannot be deleted', async () => {
      const id = await homeId();
      const refused = await call('DELETE', `/api/panel/pages/${id}/`, { ...as.boss, ...EN });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ detail: 'The home page cannot be deleted; unpublish its blocks instead.' });
      expect((await app.inject('/api/home/')).statusCode).toBe(200);
    });

    it('answers 404 for pages that do not exist and 400 for ids that are not ids', async () => {
      expect((await call('GET', '/api/panel/pages/999999/', as.viewer)).json()).toEqual({
        detail: 'Страница не найдена.',
      });
      expect((await call('PATCH', '/api/panel/pages/999999/', as.editor, { title_ru: 'X' })).statusCode).toBe(404);
      expect((await call('DELETE', '/api/panel/pages/999999/', as.editor)).statusCode).toBe(404);
      expect((await call('GET', '/api/panel/pages/abc/', as.viewer)).statusCode).toBe(400);
    });
  });

  describe('blocks', () => {
    it('lists the home blocks with both languages and the home page shows them in order', async () => {
      const id = await homeId();
      const blocks = (await call('GET', `/api/panel/pages/${id}/blocks/`, as.viewer)).json();
      expect(blocks.map((block: { type: string }) => block.type)).toEqual([
        'hero',
        'features',
        'steps',
        'prices',
        'tabs',
        'video',
        'faq',
        'news',
        'richtext',
      ]);
      expect(blocks[0].data_ru.title).toBe('Приватные мобильные прокси 4G/LTE');
      expect(blocks[0].data_en.title).toBe('Private 4G/LTE mobile proxies');

      const home = (await app.inject({ url: '/api/home/', headers: EN })).json();
      expect(home.blocks.map((block: { type: string }) => block.type)).toEqual(
        blocks.map((block: { type: string }) => block.type),
      );
      expect(home.blocks[0].data.title).toBe('Private 4G/LTE mobile proxies');
      expect(home.plans.length).toBeGreaterThan(0);
    });

    it('adds a block of any type, checks its data against the type, and sanitizes its rich text', async () => {
      const id = await homeId();
      const bad = await call(
        'POST',
        `/api/panel/pages/${id}/blocks/`,
        { ...as.editor, ...EN },
        {
          type: 'faq',
          data_ru: { title: 'FAQ', items: [{ question: '', answer: 'x' }] },
        },
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ data_ru: { items: [{ question: ['This field may not be blank.'] }] } });

      const unknownType = await call(
        'POST',
        `/api/panel/pages/${id}/blocks/`,
        { ...as.editor, ...EN },
        {
          type: 'carousel',
          data_ru: {},
        },
      );
      expect(unknownType.json()).toEqual({ type: ['"carousel" is not a valid choice.'] });

      const created = await call('POST', `/api/panel/pages/${id}/blocks/`, as.editor, {
        type: 'faq',
        anchor: 'more-questions',
        data_ru: {
          title: 'Ещё вопросы',
          items: [{ question: 'Можно?', answer: '<p>Да<script>alert(1)</script></p>' }],
        },
      });
      expect(created.statusCode).toBe(201);
      const block = created.json();
      expect(block).toMatchObject({ type: 'faq', anchor: 'more-questions', data_en: null, published: true });
      expect(block.data_ru.items[0].answer).toBe('<p>Да</p>');

      // English visitors see the Russian data until it is translated.
      const home = (await app.inject({ url: '/api/home/', headers: EN })).json();
      expect(home.blocks.at(-1)).toMatchObject({
        id: block.id,
        anchor: 'more-questions',
        data: { title: 'Ещё вопросы' },
      });

      const duplicateAnchor = await call(
        'POST',
        `/api/panel/pages/${id}/blocks/`,
        { ...as.editor, ...EN },
        {
          type: 'richtext',
          anchor: 'more-questions',
          data_ru: { html: '<p>x</p>' },
        },
      );
      expect(duplicateAnchor.json()).toEqual({ anchor: ['A block with this anchor already exists on this page.'] });

      expect((await call('DELETE', `/api/panel/blocks/${block.id}/`, as.editor)).statusCode).toBe(204);
      expect((await call('GET', `/api/panel/blocks/${block.id}/`, as.viewer)).statusCode).toBe(404);
    });

    it('edits a block against its own type, and unpublishing hides it from visitors', async () => {
      const id = await homeId();
      const blocks = (await call('GET', `/api/panel/pages/${id}/blocks/`, as.viewer)).json();
      const news = blocks.find((block: { type: string }) => block.type === 'news');
      const wrong = await call(
        'PATCH',
        `/api/panel/blocks/${news.id}/`,
        { ...as.editor, ...EN },
        {
          data_en: { title: 'News', items: [{ title: 'x', date: '22.11.2026', summary: '' }] },
        },
      );
      expect(wrong.json()).toEqual({
        data_en: { items: [{ date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] }] },
      });

      const hidden = await call('PATCH', `/api/panel/blocks/${news.id}/`, as.editor, { published: false });
      expect(hidden.json()).toMatchObject({ published: false, type: 'news' });
      const home = (await app.inject('/api/home/')).json();
      expect(home.blocks.some((block: { id: number }) => block.id === news.id)).toBe(false);
      await call('PATCH', `/api/panel/blocks/${news.id}/`, as.editor, { published: true });
    });

    it('reorders the blocks, and the home page follows', async () => {
      const id = await homeId();
      const ids = (await call('GET', `/api/panel/pages/${id}/blocks/`, as.viewer))
        .json()
        .map((b: { id: number }) => b.id);
      const swapped = [ids[1], ids[0], ...ids.slice(2)];
      const reordered = await call('POST', `/api/panel/pages/${id}/blocks/order/`, as.editor, { ids: swapped });
      expect(reordered.statusCode).toBe(200);
      expect(reordered.json().map((block: { id: number }) => block.id)).toEqual(swapped);
      const home = (await app.inject('/api/home/')).json();
      expect(home.blocks.slice(0, 2).map((block: { type: string }) => block.type)).toEqual(['features', 'hero']);

      const partial = await call(
        'POST',
        `/api/panel/pages/${id}/blocks/order/`,
        { ...as.editor, ...EN },
        { ids: ids.slice(1) },
      );
      expect(partial.json()).toEqual({ ids: ['List every item of the list exactly once.'] });
      const repeated = await call(
        'POST',
        `/api/panel/pages/${id}/blocks/order/`,
        { ...as.editor, ...EN },
        { ids: [ids[0], ids[0]] },
      );
      expect(repeated.statusCode).toBe(400);
      await call('POST', `/api/panel/pages/${id}/blocks/order/`, as.editor, { ids });
    });
  });

  describe('plans', () => {
    it('edits a price and the home price table follows', async () => {
      const plans = (await call('GET', '/api/panel/plans/', as.viewer)).json();
      const month = plans.find((plan: { period_days: number }) => plan.period_days === 30);
      const edited = await call('PATCH', `/api/panel/plans/${month.id}/`, as.editor, { price: 420_000 });
      expect(edited.json()).toMatchObject({ price: 420_000, currency: 'RUB', title_ru: 'Месяц' });
      const home = (await app.inject({ url: '/api/home/', headers: EN })).json();
      expect(home.plans.find((plan: { id: number }) => plan.id === month.id)).toMatchObject({
        title: 'Month',
        price: 420_000,
        currency: 'RUB',
        period_days: 30,
        features: expect.arrayContaining(['Unlimited traffic']),
      });
    });

    it('keeps a price in minor units exact, as an integer, through the panel and the public API', async () => {
      const price = 123_456_789;
      const created = await call('POST', '/api/panel/plans/', as.editor, { ...VALID_PLAN, price });
      const { id } = created.json<{ id: number }>();
      expect(created.json()).toMatchObject({ price });
      expect((await call('GET', `/api/panel/plans/${id}/`, as.viewer)).json()).toMatchObject({ price });
      const home = await app.inject('/api/home/');
      expect(home.body).toContain(`"price":${price},`);
      expect(home.json().plans.find((plan: { id: number }) => plan.id === id)).toMatchObject({ price });
      expect((await call('DELETE', `/api/panel/plans/${id}/`, as.editor)).statusCode).toBe(204);
    });

    it('creates, validates, hides inactive plans, reorders and deletes', async () => {
      const bad = await call(
        'POST',
        '/api/panel/plans/',
        { ...as.editor, ...EN },
        {
          title_ru: 'X',
          price: 10.5,
          currency: 'BTC',
          // Any whole number of days from 1 to 365 is a period (#49 item 9); 0 is not.
          period_days: 0,
        },
      );
      expect(bad.json()).toEqual({
        price: ['A valid integer is required.'],
        currency: ['"BTC" is not a valid choice.'],
        period_days: ['Ensure this value is greater than or equal to 1.'],
      });
      const created = (await call('POST', '/api/panel/plans/', as.editor, { ...VALID_PLAN, active: false })).json();
      expect(created).toMatchObject({ price: 1_800_000, active: false, features_ru: [] });
      const home = (await app.inject('/api/home/')).json();
      expect(home.plans.some((plan: { id: number }) => plan.id === created.id)).toBe(false);

      const ids = (await call('GET', '/api/panel/plans/', as.viewer)).json().map((plan: { id: number }) => plan.id);
      const reversed = [...ids].reverse();
      expect(
        (await call('POST', '/api/panel/plans/order/', as.editor, { ids: reversed }))
          .json()
          .map((p: { id: number }) => p.id),
      ).toEqual(reversed);
      expect((await call('DELETE', `/api/panel/plans/${created.id}/`, as.viewer)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/panel/plans/${created.id}/`, as.editor)).statusCode).toBe(204);
      await call('POST', '/api/panel/plans/order/', as.editor, { ids: ids.filter((id: number) => id !== created.id) });
    });
  });

  describe('menu', () => {
    it('adds, nests one level deep, renames, reorders and removes items; the public menu follows', async () => {
      const bad = await call(
        'POST',
        '/api/panel/menu/',
        { ...as.editor, ...EN },
        { name_ru: 'X', link: 'javascript:alert(1)' },
      );
      expect(bad.json()).toEqual({ link: ['Invalid input.'] });

      const top = (
        await call('POST', '/api/panel/menu/', as.editor, { name_ru: 'Журнал', name_en: 'Journal', link: '/blog' })
      ).json();
      const child = (
        await call('POST', '/api/panel/menu/', as.editor, { name_ru: 'Статьи', link: '/page', parent_id: top.id })
      ).json();
      const grandchild = await call(
        'POST',
        '/api/panel/menu/',
        { ...as.editor, ...EN },
        {
          name_ru: 'Глубже',
          link: '/page',
          parent_id: child.id,
        },
      );
      expect(grandchild.json()).toEqual({
        parent_id: ['The parent must be a top-level item, and an item with children cannot move under another.'],
      });

      await call('PATCH', `/api/panel/menu/${top.id}/`, as.editor, { name_en: 'Our journal' });
      const menu = (await app.inject({ url: '/api/menu/', headers: EN })).json();
      expect(menu.at(-1)).toEqual({
        name: 'Our journal',
        link: '/blog',
        children: [{ name: 'Статьи', link: '/page' }],
      });

      const items = (await call('GET', '/api/panel/menu/', as.viewer)).json();
      const topIds = items
        .filter((item: { parent_id: number | null }) => item.parent_id === null)
        .map((i: { id: number }) => i.id);
      const moved = [top.id, ...topIds.filter((id: number) => id !== top.id)];
      await call('POST', '/api/panel/menu/order/', as.editor, { ids: moved });
      expect((await app.inject('/api/menu/')).json()[0].name).toBe('Журнал');

      expect((await call('DELETE', `/api/panel/menu/${top.id}/`, as.editor)).statusCode).toBe(204);
      const after = (await app.inject('/api/menu/')).json();
      expect(after.some((item: { name: string }) => item.name === 'Журнал')).toBe(false);
      expect(
        (await call('GET', '/api/panel/menu/', as.viewer)).json().some((i: { id: number }) => i.id === child.id),
      ).toBe(false);
    });
  });
});
