import {
  requestOf,
  type AnswerOf,
  type ApiContract,
  type BodyOf,
  type EndpointKey,
  type EventStream,
  type PathParams,
} from '@brainboard/domain';
import type { ApiClient, RequestOptions } from './client.ts';

/** The query an endpoint takes (none when its query type is `never`) and the caller's signal. */
type CallOptions<Query> = { signal?: AbortSignal | undefined } & ([Query] extends [never]
  ? { query?: undefined }
  : { query: Query });

type BodyArgs<K extends EndpointKey> = [ApiContract[K]['body']] extends [undefined]
  ? [body?: undefined, options?: CallOptions<ApiContract[K]['query']>]
  : [body: ApiContract[K]['body'], options?: CallOptions<ApiContract[K]['query']>];

/** The client's shorthand an endpoint is sent with ('get' for "GET /api/..."). */
type ShorthandOf<K extends EndpointKey> = K extends `${infer M} ${string}`
  ? Lowercase<M> & keyof ApiClient
  : never;
type Shorthand = (path: string, ...rest: unknown[]) => Promise<unknown>;

/**
 * Calls one endpoint of the contract in `domain` (keyed "<METHOD> <path>") through the API
 * client: its path from `params`, a body and query of its types, and its answer typed. A
 * FormData body goes as multipart (the client sends it so).
 */
export function callEndpoint<K extends EndpointKey>(
  api: Pick<ApiClient, ShorthandOf<K>>,
  key: K,
  params: PathParams<K>,
  ...[body, options]: BodyArgs<K>
): Promise<ApiContract[K]['answer']> {
  const { method, path } = requestOf(key, params);
  const init = (options?.query || options?.signal ? options : undefined) as
    Omit<RequestOptions, 'body' | 'formData'> | undefined;
  // The shorthands (get, post, ...) are what the offline queue and the tests' fakes see.
  const send = (api as Pick<ApiClient, 'get'>)[method.toLowerCase() as 'get'] as Shorthand;
  const args = method === 'GET' || (body === undefined && !init) ? [] : [body];
  return send(path, ...args, ...(init ? [init] : [])) as Promise<ApiContract[K]['answer']>;
}

/** The endpoints that answer a stream of Server-Sent Events. */
export type StreamKey = {
  [K in EndpointKey]: AnswerOf<K> extends EventStream ? K : never;
}[EndpointKey];

/**
 * POSTs to a streaming endpoint of the contract; resolves with the raw ok Response, its body
 * unread (see the client's `stream`).
 */
export function streamEndpoint<K extends StreamKey>(
  api: Pick<ApiClient, 'stream'>,
  key: K,
  body: BodyOf<K>,
  signal?: AbortSignal,
): Promise<Response> {
  return api.stream(requestOf(key, {} as PathParams<K>).path, body, signal);
}
