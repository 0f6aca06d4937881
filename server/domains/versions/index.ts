/**
 * The versions domain: releases of the client apps (the panel's Updates section), their uploaded builds, and the
 * public latest-release, downloads and file endpoints. This file is the domain's only public surface.
 */
import type { FastifyPluginAsync } from 'fastify';
import panelRoutes from './panel-routes.ts';
import publicRoutes from './public-routes.ts';
import { versionsService } from './versions-service.ts';

export interface VersionsOptions {
  readonly publicUrl: string;
  /** Builds live under `<dataDir>/versions/`. */
  readonly dataDir: string;
  /** The largest upload in bytes (`VERSION_MAX_UPLOAD_BYTES`); over it: 413. */
  readonly maxUploadBytes: number;
}

/** Unused uploads are deleted a day after they came; looking once an hour is plenty. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

const versions: FastifyPluginAsync<VersionsOptions> = async (app, options) => {
  const service = versionsService(app.db, { dataDir: options.dataDir, log: app.log });
  // The panel is for staff only, as Django admin is (`is_staff`), whatever permission strings an account holds.
  await app.register(async (panel) => {
    panel.addHook('onRequest', app.requireStaff);
    await panel.register(panelRoutes, { ...options, service });
  });
  await app.register(publicRoutes, options);
  app.jobs.register({ name: 'versions.files.prune', everyMs: PRUNE_EVERY_MS, run: (now) => service.prune(now) });
};

export default versions;
