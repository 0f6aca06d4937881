/**
 * The signed-in customer's notifications (`/api/users/notifications/`, issue #30): the switches per event and channel
 * with the balance-low threshold, the webhook (URL, its secret shown once, regenerate, send a test) and the delivery
 * log. Signed in with a login token only, as the API keys' endpoints.
 */
import {
  NotificationDeliverySchema,
  NotificationSettingsSchema,
  NotificationSettingsUpdateSchema,
  WebhookSchema,
  WebhookUpdateSchema,
} from '@proxy/contract/schemas/notifications';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { parseBody } from '../../lib/drf-errors.ts';
import { DetailSchema, jsonSchemaOf } from '../../lib/schemas.ts';
import { notificationsService } from './notifications-service.ts';
import type { Notify } from './notify.ts';
import { NOTIFICATION_REFUSALS } from './refusals.ts';
import { webhookUrlProblem } from './webhooks.ts';

export interface NotificationRoutesOptions {
  readonly notify: Notify;
  readonly allowLocal: boolean;
  readonly now: () => number;
}

const notificationRoutes: FastifyPluginAsync<NotificationRoutesOptions> = async (app, options) => {
  const signedIn = (request: FastifyRequest) => (request.user as { id: number }).id;
  const noStore = { 'cache-control': 'no-store' };
  const notifications = notificationsService(app.db, { notify: options.notify, now: options.now });

  app.get(
    '/api/users/notifications/',
    {
      preHandler: app.requireAuthenticated,
      schema: { response: { 200: jsonSchemaOf(NotificationSettingsSchema), 401: DetailSchema } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return notifications.settings(signedIn(request));
    },
  );

  app.put(
    '/api/users/notifications/',
    {
      preHandler: app.requireAuthenticated,
      schema: { response: { 200: jsonSchemaOf(NotificationSettingsSchema), 401: DetailSchema } },
    },
    async (request, reply) => {
      const input = parseBody(NotificationSettingsUpdateSchema, request.body, request.language);
      const userId = signedIn(request);
      await notifications.saveSettings(userId, input);
      reply.headers(noStore);
      return notifications.settings(userId);
    },
  );

  app.put(
    '/api/users/notifications/webhook/',
    {
      preHandler: [app.requireAuthenticated, app.rateLimit.perAccount('webhookAccount')],
      schema: { response: { 200: jsonSchemaOf(WebhookSchema), 400: DetailSchema, 401: DetailSchema } },
    },
    async (request, reply) => {
      const { url } = parseBody(WebhookUpdateSchema, request.body, request.language);
      const problem = url === '' ? null : webhookUrlProblem(url, options.allowLocal);
      if (problem === 'invalid') throw NOTIFICATION_REFUSALS.urlInvalid();
      if (problem === 'scheme') throw NOTIFICATION_REFUSALS.urlScheme();
      if (problem === 'address') throw NOTIFICATION_REFUSALS.urlAddress();
      const userId = signedIn(request);
      const saved = await notifications.saveWebhook(userId, url);
      request.log.info({ userId, webhook: url !== '' }, 'webhook URL saved');
      reply.headers(noStore);
      return saved;
    },
  );

  app.post(
    '/api/users/notifications/webhook/secret/',
    {
      preHandler: [app.requireAuthenticated, app.rateLimit.perAccount('webhookAccount')],
      schema: { response: { 200: jsonSchemaOf(WebhookSchema), 401: DetailSchema, 409: DetailSchema } },
    },
    async (request, reply) => {
      const userId = signedIn(request);
      const saved = await notifications.regenerateSecret(userId);
      request.log.info({ userId }, 'webhook secret regenerated');
      reply.headers(noStore);
      return saved;
    },
  );

  app.post(
    '/api/users/notifications/webhook/test/',
    {
      preHandler: [app.requireAuthenticated, app.rateLimit.perAccount('webhookAccount')],
      schema: { response: { 202: jsonSchemaOf(NotificationDeliverySchema), 401: DetailSchema, 409: DetailSchema } },
    },
    async (request, reply) => {
      const delivery = await notifications.sendTest(signedIn(request));
      reply.headers(noStore);
      return reply.code(202).send(delivery);
    },
  );

  app.get(
    '/api/users/notifications/deliveries/',
    {
      preHandler: app.requireAuthenticated,
      schema: { response: { 200: jsonSchemaOf(v.array(NotificationDeliverySchema)), 401: DetailSchema } },
    },
    async (request, reply) => {
      const deliveries = await notifications.deliveries(signedIn(request));
      reply.headers(noStore);
      return deliveries;
    },
  );
};

export default notificationRoutes;
