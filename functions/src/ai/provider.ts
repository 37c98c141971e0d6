import OpenAI from 'openai';

/** One message sent to the model. */
export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A JSON Schema for structured output (`response_format: json_schema`). */
interface OutputSchema {
  name: string;
  schema: Record<string, unknown>;
}

/** The AI provider as the routes use it; the OpenAI client behind it, or a fake in tests. */
export interface AiProvider {
  /** The reply's text deltas as the provider sends them. Aborting `signal` stops the upstream request. */
  stream(messages: ChatTurn[], signal: AbortSignal): AsyncIterable<string>;
  /** The whole reply; with `schema`, JSON matching it. */
  complete(
    messages: ChatTurn[],
    options: { signal: AbortSignal; schema?: OutputSchema },
  ): Promise<string>;
}

export interface AiConfig {
  apiKey: string;
  baseURL: string | undefined;
  model: string;
}

const DEFAULT_MODEL = 'gpt-4o-mini';

/** OPENAI_API_KEY, OPENAI_BASE_URL and OPENAI_MODEL; null when no key is set (AI unavailable). */
function readAiConfig(env: NodeJS.ProcessEnv = process.env): AiConfig | null {
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (!apiKey) return null;
  return {
    apiKey,
    baseURL: env.OPENAI_BASE_URL?.trim() || undefined,
    model: env.OPENAI_MODEL?.trim() || DEFAULT_MODEL,
  };
}

/** The provider on the `openai` client: OpenAI itself or any compatible server. */
export function openAiProvider(config: AiConfig): AiProvider {
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseURL,
    // One quick retry for a 5xx before anything was streamed; a person is waiting.
    maxRetries: 1,
    timeout: 60_000,
  });
  return {
    async *stream(messages, signal) {
      const stream = await client.chat.completions.create(
        { model: config.model, messages, stream: true },
        { signal },
      );
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta?.content;
        if (delta) yield delta;
      }
    },
    async complete(messages, { signal, schema }) {
      const completion = await client.chat.completions.create(
        {
          model: config.model,
          messages,
          ...(schema
            ? {
                response_format: {
                  type: 'json_schema' as const,
                  json_schema: { name: schema.name, strict: true, schema: schema.schema },
                },
              }
            : {}),
        },
        { signal },
      );
      const message = completion.choices[0]?.message;
      return message?.content ?? '';
    },
  };
}

let cached: { key: string; provider: AiProvider } | undefined;

/** The provider the environment configures, or null when AI is not configured. */
export function aiProviderFromEnv(env: NodeJS.ProcessEnv = process.env): AiProvider | null {
  const config = readAiConfig(env);
  if (!config) return null;
  const key = `${config.apiKey}\u0000${config.baseURL ?? ''}\u0000${config.model}`;
  if (cached?.key !== key) cached = { key, provider: openAiProvider(config) };
  return cached.provider;
}
