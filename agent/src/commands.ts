import type { Logger } from 'pino';
import { describeError } from './api-client.ts';

/** A command the config lists until the API has its result: a rotation or reboot, or a customer's "check now". */
export type CommandKind = 'rotation' | 'check';

/** How one kind of command is run and its result given to the API (`false`: the API no longer waits for it). */
export interface CommandHandler<Request, Result> {
  /** Never rejects: a failed command has a result that says so. */
  readonly run: (request: Request) => Promise<Result>;
  readonly post: (id: number, result: Result, signal: AbortSignal) => Promise<boolean>;
}

type State<Result> =
  { readonly phase: 'running' } | { readonly phase: 'posting'; readonly result: Result } | { readonly phase: 'posted' };

/** One kind of command: its handler and where each listed id stands. */
class Lane<Request extends { readonly id: number }, Result> {
  readonly states = new Map<number, State<Result>>();
  readonly handler: CommandHandler<Request, Result>;

  constructor(handler: CommandHandler<Request, Result>) {
    this.handler = handler;
  }
}

/**
 * The commands the API asks of this host, with one rule for every kind: each listed id runs once, its result is
 * kept and posted again after every report until the API answers for it (taken, or no longer wanted), and an id is
 * forgotten once posted and no longer listed, so the maps stay as small as the config's lists. A command never runs
 * twice for one request: a rotation run again would change the IP a second time, a check run again would report
 * another moment than the one the customer asked about.
 */
export class CommandQueue {
  private readonly lanes = new Map<CommandKind, Lane<{ readonly id: number }, unknown>>();
  private flushing: Promise<void> | null = null;
  private readonly log: Logger;
  private readonly signal: AbortSignal;

  constructor(log: Logger, signal: AbortSignal) {
    this.log = log;
    this.signal = signal;
  }

  handle<Request extends { readonly id: number }, Result>(
    kind: CommandKind,
    handler: CommandHandler<Request, Result>,
  ): void {
    this.lanes.set(kind, new Lane(handler) as unknown as Lane<{ readonly id: number }, unknown>);
  }

  /** The config lists `requests` of `kind` now: the new ones start, the posted ones it no longer lists are forgotten. */
  take(kind: CommandKind, requests: readonly { readonly id: number }[]): void {
    const lane = this.lanes.get(kind);
    if (!lane) throw new Error(`no handler for ${kind} commands`);
    const listed = new Set(requests.map((request) => request.id));
    for (const [id, state] of lane.states) if (state.phase === 'posted' && !listed.has(id)) lane.states.delete(id);
    for (const request of requests) {
      if (lane.states.has(request.id)) continue;
      lane.states.set(request.id, { phase: 'running' });
      void lane.handler.run(request).then((result) => {
        lane.states.set(request.id, { phase: 'posting', result });
        if (!this.signal.aborted) return this.flush();
      });
    }
  }

  /** Posts every result the API has not taken yet; one flush at a time, stopping at the first failure. */
  flush(): Promise<void> {
    this.flushing ??= (async () => {
      for (const [kind, lane] of this.lanes) {
        for (const [id, state] of lane.states) {
          if (state.phase !== 'posting') continue;
          try {
            const taken = await lane.handler.post(id, state.result, this.signal);
            if (!taken) this.log.warn({ [kind]: id }, `the API no longer waits for this ${kind}`);
            lane.states.set(id, { phase: 'posted' });
          } catch (error) {
            if (!this.signal.aborted)
              this.log.warn({ [kind]: id, err: describeError(error) }, `${kind} result not sent`);
            return;
          }
        }
      }
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }
}
