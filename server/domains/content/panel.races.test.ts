// The panel under concurrent staff (issue #17): menu moves lock their rows in one order and check the two-level rule
// on what is committed, reorders of plans and blocks never answer 500; deleting a block or a menu item needs
// `pages.delete_page`, and the panel API is for staff only. The races run on PostgreSQL (PGlite has one connection).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type Backend, type TestDb } from '../../test/helpers.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function harness(backend: Backend) {
  const suite = {} as { testDb: TestDb; app: FastifyInstance; editor: Record<string, string> };
  beforeAll(async () => {
    suite.testDb = await openSeededDb(backend);
    suite.app = await buildTestApp({ db: suite.testDb.db });
    const email = freshEmail('editor');
    await createUser(suite.testDb.db, {
      email,
      staff: true,
      permissions: ['pages.view_page', 'pages.add_page', 'pages.change_page'],
    });
    suite.editor = { ...tokenHeader(await login(suite.app, email)), ...EN };
  });
  afterAll(async () => {
    await suite.app?.close();
    await suite.testDb?.dispose();
  });
  const call = (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
    suite.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { suite, call };
}

const POSTGRES = BACKENDS.find((backend) => backend.name === 'postgres');

describe.runIf(POSTGRES)('panel races on PostgreSQL', () => {
  const { suite, call } = harness(POSTGRES as Backend);

  const newItem = async (name: string) =>
    (await call('POST', '/api/panel/menu/', suite.editor, { name_ru: name, link: '/x' })).json<{ id: number }>().id;
  const move = (id: number, parentId: number) =>
    call('PATCH', `/api/panel/menu/${id}/`, suite.editor, { parent_id: parentId });

  /** Every menu row appears in the public tree, and no deeper than two levels. */
  async function expectTwoLevelMenu() {
    const rows = (await call('GET', '/api/panel/menu/', suite.editor)).json<
      { id: number; parent_id: number | null }[]
    >();
    const parentOf = new Map(rows.map((row) => [row.id, row.parent_id]));
    for (const row of rows) {
      if (row.parent_id !== null) expect(parentOf.get(row.parent_id), `item ${row.id}`).toBeNull();
    }
    const tree = (await suite.app.inject('/api/menu/')).json<{ children?: unknown[] }[]>();
    expect(tree.length + tree.reduce((sum, item) => sum + (item.children?.length ?? 0), 0)).toBe(rows.length);
  }

  const refusedParent = {
    parent_id: ['The parent must be a top-level item, and an item with children cannot move under another.'],
  };

  it('two staff moving two items under each other at once: one move wins, the other is a 400, never a 500', async () => {
    for (let round = 0; round < 8; round++) {
      const a = await newItem(`A${round}`);
      const b = await newItem(`B${round}`);
      const answers = await Promise.all([move(a, b), move(b, a)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
      expect(answers.find((answer) => answer.statusCode === 400)?.json()).toEqual(refusedParent);
    }
    await expectTwoLevelMenu();
  });

  it('two concurrent moves cannot build a third level: the deepest item never leaves the public menu', async () => {
    for (let round = 0; round < 8; round++) {
      const a = await newItem(`Chain A${round}`);
      const b = await newItem(`Chain B${round}`);
      const c = await newItem(`Chain C${round}`);
      // A under B, and C under A: each alone is fine, both together would be three levels.
      const answers = await Promise.all([move(a, b), move(c, a)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
      // A new item under A at the same time as A moves: also one or the other.
      const d = await newItem(`Chain D${round}`);
      const e = await newItem(`Chain E${round}`);
      const [moved, created] = await Promise.all([
        move(d, e),
        call('POST', '/api/panel/menu/', suite.editor, { name_ru: `Child${round}`, link: '/y', parent_id: d }),
      ]);
      expect([moved.statusCode, created.statusCode].sort()).toEqual(moved.statusCode === 200 ? [200, 400] : [201, 400]);
    }
    await expectTwoLevelMenu();
  });

  it('concurrent reorders of the plans and of a page’s blocks all apply, one after the other', async () => {
    const plans = (await call('GET', '/api/panel/plans/', suite.editor)).json<{ id: number }[]>().map((p) => p.id);
    const pageId = (await call('GET', '/api/panel/pages/?page_size=100', suite.editor))
      .json<{ results: { id: number; home: boolean }[] }>()
      .results.find((page) => page.home)?.id as number;
    const blocks = (await call('GET', `/api/panel/pages/${pageId}/blocks/`, suite.editor))
      .json<{ id: number }[]>()
      .map((b) => b.id);
    expect(plans.length).toBeGreaterThan(1);
    expect(blocks.length).toBeGreaterThan(1);
    const rotations = (ids: number[]) => ids.map((_, i) => [...ids.slice(i), ...ids.slice(0, i)]);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([
        ...rotations(plans).map((ids) => call('POST', '/api/panel/plans/order/', suite.editor, { ids })),
        ...rotations(blocks).map((ids) =>
          call('POST', `/api/panel/pages/${pageId}/blocks/order/`, suite.editor, { ids }),
        ),
        // Edits of single rows in between.
        ...plans.map((id) => call('PATCH', `/api/panel/plans/${id}/`, suite.editor, { highlighted: round === 1 })),
        ...blocks.map((id) => call('PATCH', `/api/panel/blocks/${id}/`, suite.editor, { published: true })),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    }
    const finalPlans = (await call('GET', '/api/panel/plans/', suite.editor)).json<{ id: number }[]>().map((p) => p.id);
    expect(rotations(plans)).toContainEqual(finalPlans);
  });
});

describe.each(BACKENDS)('panel deletes and staff on $name', (backend) => {
  const { suite, call } = harness(backend);

  it('deleting a block or a menu item needs pages.delete_page, not only pages.change_page', async () => {
    const pageId = (await call('GET', '/api/panel/pages/?page_size=100', suite.editor))
      .json<{ results: { id: number; home: boolean }[] }>()
      .results.find((page) => page.home)?.id as number;
    const [block] = (await call('GET', `/api/panel/pages/${pageId}/blocks/`, suite.editor)).json<{ id: number }[]>();
    const item = (await call('POST', '/api/panel/menu/', suite.editor, { name_ru: 'Удалить', link: '/z' })).json<{
      id: number;
    }>();
    for (const url of [`/api/panel/blocks/${block?.id}/`, `/api/panel/menu/${item.id}/`]) {
      const refused = await call('DELETE', url, suite.editor);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    }
    const email = freshEmail('deleter');
    await createUser(suite.testDb.db, {
      email,
      staff: true,
      permissions: ['pages.view_page', 'pages.delete_page'],
    });
    const deleter = tokenHeader(await login(suite.app, email));
    for (const url of [`/api/panel/blocks/${block?.id}/`, `/api/panel/menu/${item.id}/`]) {
      expect((await call('DELETE', url, deleter)).statusCode, url).toBe(204);
    }
  });

  it('refuses the panel API to a customer holding page permissions: it is for staff, as Django admin is', async () => {
    const email = freshEmail('customer');
    await createUser(suite.testDb.db, {
      email,
      permissions: ['pages.view_page', 'pages.add_page', 'pages.change_page', 'pages.delete_page'],
    });
    const customer = { ...tokenHeader(await login(suite.app, email)), ...EN };
    for (const [method, url] of [
      ['GET', '/api/panel/pages/'],
      ['GET', '/api/panel/plans/'],
      ['GET', '/api/panel/menu/'],
      ['POST', '/api/panel/menu/'],
    ] as const) {
      const refused = await call(method, url, customer, method === 'POST' ? { name_ru: 'x', link: '/x' } : undefined);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    }
    // Anonymous callers still get DRF's 401.
    const anonymous = await call('GET', '/api/panel/pages/', EN);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Token');
  });
});
