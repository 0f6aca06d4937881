/**
 * The Telegram bot's HTTP side: staff set or clear its token (`/api/panel/telegram/`, `system.change_telegram`; the
 * token is only ever answered masked), and the signed-in account links its chat (`/api/users/telegram/`): a new
 * one-time code, the link's state (the card polls it until the bot has seen the code), unlinking.
 */
import { SYSTEM_PERMISSIONS } from '@proxy/contract/permissions';
import {
  TelegramBotInputSchema,
  TelegramBotSchema,
  TelegramCodeSchema,
  TelegramLinkSchema,
} from '@proxy/contract/schemas/telegram';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { parseBody } from '../../../lib/drf-errors.ts';
import { DetailSchema, jsonSchemaOf } from '../../../lib/schemas.ts';
import type { TelegramService } from './telegram-service.ts';

const userIdOf = (request: FastifyRequest) => (request.user as { id: number }).id;

export const panelTelegramRoutes: FastifyPluginAsync<{ readonly telegram: TelegramService }> = async (
  app,
  { telegram },
) => {
  const guard = app.requirePermission(SYSTEM_PERMISSIONS.changeTelegram);
  const answer = { 200: jsonSchemaOf(TelegramBotSchema), 401: DetailSchema, 403: DetailSchema };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/panel/telegram/', { preHandler: guard, schema: { response: answer } }, () => telegram.panelView());

  app.put(
    '/api/panel/telegram/',
    { preHandler: guard, schema: { response: { ...answer, 502: DetailSchema } } },
    async (request) => {
      const { token } = parseBody(TelegramBotInputSchema, request.body, request.language);
      const bot = await telegram.setToken(token, userIdOf(request));
      request.log.info({ actorId: userIdOf(request), bot: bot.username }, 'telegram bot set');
      return bot;
    },
  );

  app.delete('/api/panel/telegram/', { preHandler: guard, schema: { response: answer } }, async (request) => {
    const bot = await telegram.clearToken();
    request.log.info({ actorId: userIdOf(request) }, 'telegram bot cleared');
    return bot;
  });
};

export const userTelegramRoutes: FastifyPluginAsync<{ readonly telegram: TelegramService }> = async (
  app,
  { telegram },
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/users/telegram/',
    {
      preHandler: app.requireAuthenticated,
      schema: { response: { 200: jsonSchemaOf(TelegramLinkSchema), 401: DetailSchema } },
    },
    (request) => telegram.linkView(userIdOf(request)),
  );

  app.post(
    '/api/users/telegram/code/',
    {
      preHandler: app.requireAuthenticated,
      schema: { response: { 201: jsonSchemaOf(TelegramCodeSchema), 401: DetailSchema, 409: DetailSchema } },
    },
    async (request, reply) => reply.code(201).send(await telegram.createCode(userIdOf(request))),
  );

  app.delete(
    '/api/users/telegram/',
    { preHandler: app.requireAuthenticated, schema: { response: { 204: { type: 'null' }, 401: DetailSchema } } },
    async (request, reply) => {
      await telegram.unlink(userIdOf(request));
      return reply.code(204).send();
    },
  );
};
