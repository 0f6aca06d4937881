/**
 * The customer's transfers (`/api/transfers/`, shared/src/api/transfers.ts): offering a proxy, the offers either way
 * and how many wait for an answer, one offer, and the three answers. Every route on an id answers 404 unless the
 * signed-in customer is on the side that may use it (the recipient accepts and declines, the sender cancels): an
 * offer's existence is nobody else's business.
 */
import { listQuerySchema, readListParams } from '@proxy/contract/schemas/list-query';
import {
  TRANSFER_LIST,
  TransferCountsSchema,
  TransferCreateSchema,
  TransferSchema,
} from '@proxy/contract/schemas/transfers';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { User } from '../accounts/index.ts';
import { parseBody } from '../../lib/drf-errors.ts';
import type { Now } from '../../lib/clock.ts';
import { answerPage, paginatedSchema } from '../../lib/pagination.ts';
import { answers, idParams, notFound } from '../../lib/panel.ts';
import { DetailSchema, jsonSchemaOf } from '../../lib/schemas.ts';
import type { TransfersRepository } from './transfers-repository.ts';
import type { TransfersService } from './transfers-service.ts';

const transferListQuery = jsonSchemaOf(listQuerySchema(TRANSFER_LIST));
type Query = Record<string, string | undefined>;
type IdRequest = { Params: { id: number } };

/** An answer to an offer: the offer as the caller now sees it, 404 not theirs to give, 409 no longer possible. */
const answered: Record<number, unknown> = { ...answers(TransferSchema), 409: DetailSchema };

export interface TransferRoutesOptions {
  readonly transfers: TransfersService;
  readonly repository: TransfersRepository;
  readonly publicUrl: string;
  readonly now: Now;
}

const signedInUser = (request: FastifyRequest) => request.user as User;

const transferRoutes: FastifyPluginAsync<TransferRoutesOptions> = async (app, options) => {
  const { transfers, repository, publicUrl } = options;
  const now = () => new Date(options.now());
  const signedIn = { preHandler: app.requireAuthenticated };
  // Answers change proxies and tell agents, as the proxy settings do: the same budget.
  const answering = { preHandler: [app.requireAuthenticated, app.rateLimit.perAccount('proxyChangeAccount')] };

  /** The offer as the caller sees it now, or the 404 of one that is not theirs. */
  const answerTransfer = async (request: FastifyRequest<IdRequest>) =>
    (await repository.view(request.params.id, signedInUser(request).id, now())) ?? notFound();

  const answer = (run: (userId: number, id: number) => Promise<boolean>) =>
    async function (request: FastifyRequest<IdRequest>) {
      const found = await run(signedInUser(request).id, request.params.id);
      return found ? answerTransfer(request) : notFound();
    };

  app.post(
    '/api/transfers/',
    {
      preHandler: [app.requireAuthenticated, app.rateLimit.perAccount('transferAccount')],
      schema: { response: answers(TransferSchema, 201) },
    },
    async (request, reply) => {
      const { language } = request;
      const input = parseBody(TransferCreateSchema, request.body, language);
      const user = signedInUser(request);
      const id = await transfers.offer(user, input);
      if (id === null) return notFound();
      request.log.info({ transferId: id, proxyId: input.proxy_id }, 'proxy offered');
      return reply.code(201).send(await repository.view(id, user.id, now()));
    },
  );

  app.get<{ Querystring: Query }>(
    '/api/transfers/',
    {
      ...signedIn,
      schema: { querystring: transferListQuery, response: { 200: paginatedSchema(jsonSchemaOf(TransferSchema)) } },
    },
    async (request) => {
      const params = readListParams(TRANSFER_LIST, request.query);
      const userId = signedInUser(request).id;
      const at = now();
      const count = await repository.count(userId, at, params);
      return answerPage(request, publicUrl, count, (window) => repository.list(userId, at, params, window));
    },
  );

  app.get('/api/transfers/counts/', { ...signedIn, schema: { response: answers(TransferCountsSchema) } }, (request) =>
    repository.counts(signedInUser(request).id, now()),
  );

  app.get<IdRequest>(
    '/api/transfers/:id/',
    { ...signedIn, schema: { params: idParams, response: answers(TransferSchema) } },
    answerTransfer,
  );

  const schema = { params: idParams, response: answered };
  app.post<IdRequest>(
    '/api/transfers/:id/accept/',
    { ...answering, schema },
    answer((userId, id) => transfers.accept(userId, id)),
  );
  app.post<IdRequest>(
    '/api/transfers/:id/decline/',
    { ...answering, schema },
    answer((userId, id) => transfers.decline(userId, id)),
  );
  app.post<IdRequest>(
    '/api/transfers/:id/cancel/',
    { ...answering, schema },
    answer((userId, id) => transfers.cancel(userId, id)),
  );
};

export default transferRoutes;
