/**
 * Makes the database available to routes and repositories as `app.db`. The process opens, migrates and closes
 * it (server.ts): the app only borrows it, so tests can share one in-memory database across apps.
 */
import fp from 'fastify-plugin';
import type { Db } from '../db/db.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export interface DbPluginOptions {
  readonly db: Db;
}

export default fp<DbPluginOptions>(
  async (app, options) => {
    app.decorate('db', options.db);
  },
  { name: 'db', fastify: '5.x' },
);
