import {
  AGENT_API_PATHS,
  AGENT_PROTOCOL,
  AgentConfigDeltaSchema,
  AgentConfigSchema,
  RotationsAnswerSchema,
  type AgentConfig,
  type AgentConfigDelta,
  type AgentReport,
  type CheckResult,
  type RotationResult,
  type RotationsAnswer,
} from '@proxy/contract/schemas/farm-agent';
import * as v from 'valibot';

/** A non-2xx answer (or an unreadable one) from the API; `status` 0 means none arrived. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, message: string, body = '') {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body.slice(0, 500);
  }
}

/** An error as one log field: an API refusal with what the API said. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.body ? `${error.message}: ${error.body}` : error.message;
  return error instanceof Error ? error.message : String(error);
}

export interface ApiClientOptions {
  /** The API's origin (and path prefix, if any), e.g. `https://api.example.com`. */
  readonly url: string;
  readonly token: string;
  /** For reports and rotation results; a config long poll gets its wait on top. */
  readonly timeoutMs?: number;
}

/** The agent's side of `shared/src/schemas/farm-agent.ts`: one method per endpoint. */
export class ApiClient {
  private readonly base: string;
  private readonly token: string;
  private readonly timeoutMs: number;

  constructor(options: ApiClientOptions) {
    this.base = options.url.replace(/\/+$/, '');
    this.token = options.token;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /**
   * The config; the pending rotations alone when only they moved since `since.rotations` (an API speaking protocol 2);
   * the changes since `since.config` (an API speaking protocol 3); null when both are still `since` (304).
   */
  async config(
    since: { readonly config: string | null; readonly rotations: string | null },
    waitSeconds: number,
    signal?: AbortSignal,
  ): Promise<AgentConfig | AgentConfigDelta | RotationsAnswer | null> {
    const query = new URLSearchParams({ wait: String(waitSeconds), protocol: String(AGENT_PROTOCOL) });
    if (since.config !== null) query.set('since', since.config);
    if (since.rotations !== null) query.set('rotations', since.rotations);
    const response = await this.request(
      'GET',
      `${AGENT_API_PATHS.config}?${query}`,
      undefined,
      this.timeoutMs + waitSeconds * 1000,
      signal,
    );
    if (response.status === 304) return null;
    const body = await this.json(response);
    const kind = (body as { kind?: unknown } | null)?.kind;
    const parsed =
      kind === 'rotations'
        ? v.safeParse(RotationsAnswerSchema, body)
        : kind === 'delta'
          ? v.safeParse(AgentConfigDeltaSchema, body)
          : v.safeParse(AgentConfigSchema, body);
    if (!parsed.success) {
      const problems = parsed.issues
        .slice(0, 5)
        .map((issue) => `${v.getDotPath(issue) ?? '(config)'}: ${issue.message}`);
      throw new ApiError(response.status, `the API sent a config the contract refuses: ${problems.join('; ')}`);
    }
    return parsed.output;
  }

  async report(report: AgentReport, signal?: AbortSignal): Promise<void> {
    const response = await this.request('POST', AGENT_API_PATHS.report, report, this.timeoutMs, signal);
    await response.body?.cancel();
  }

  /** Posts a rotation's result; false when the API no longer waits for it (404, 409): nothing to retry. */
  rotation(id: number, result: RotationResult, signal?: AbortSignal): Promise<boolean> {
    return this.result(AGENT_API_PATHS.rotation(id), result, signal);
  }

  /** Posts a requested health check's result; false when the API no longer waits for it (404, 409). */
  check(id: number, result: CheckResult, signal?: AbortSignal): Promise<boolean> {
    return this.result(AGENT_API_PATHS.check(id), result, signal);
  }

  private async result(path: string, result: object, signal?: AbortSignal): Promise<boolean> {
    try {
      const response = await this.request('POST', path, result, this.timeoutMs, signal);
      await response.body?.cancel();
      return true;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) return false;
      throw error;
    }
  }

  private async request(
    method: string,
    path: string,
    body: unknown,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<Response> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        redirect: 'error',
      });
    } catch (error) {
      // fetch says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND) is in its cause.
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const reason = timeout.aborted
        ? `no answer within ${timeoutMs} ms`
        : (cause?.code ?? cause?.message ?? (error as Error).message);
      throw new ApiError(0, `${method} ${path}: ${reason}`);
    }
    if (response.status === 304 || response.ok) return response;
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, `${method} ${path}: ${response.status}`, text);
  }

  private async json(response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch {
      throw new ApiError(response.status, 'the API answered with a body that is not JSON');
    }
  }
}
