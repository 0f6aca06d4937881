/** The header menu as the public sees it: a tree of two levels, in one language (English falls back to Russian). */
import type { Language } from '@proxy/contract/languages';
import type { MenuItem } from '@proxy/contract/schemas/menu';
import fp from 'fastify-plugin';
import type { Db } from '../db/db.ts';

export interface MenuRepository {
  list(language: Language): Promise<MenuItem[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    menu: MenuRepository;
  }
}

interface MenuRow {
  id: number;
  parent_id: number | null;
  name: string;
  link: string;
}

export function createMenuRepository(db: Db): MenuRepository {
  return {
    async list(language) {
      const name = language === 'ru' ? 'name_ru' : "COALESCE(NULLIF(name_en, ''), name_ru)";
      const rows = await db.query<MenuRow>(
        `SELECT id, parent_id, ${name} AS name, link FROM menu_items ORDER BY sort_order, id`,
      );
      const children = new Map<number, { name: string; link: string }[]>();
      for (const row of rows) {
        if (row.parent_id === null) continue;
        const list = children.get(row.parent_id) ?? [];
        list.push({ name: row.name, link: row.link });
        children.set(row.parent_id, list);
      }
      return rows
        .filter((row) => row.parent_id === null)
        .map((row) => {
          const kids = children.get(row.id);
          return kids ? { name: row.name, link: row.link, children: kids } : { name: row.name, link: row.link };
        });
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('menu', createMenuRepository(app.db));
  },
  { name: 'menu-repository', dependencies: ['db'] },
);
