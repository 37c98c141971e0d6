import { readLocalStack } from './localStack.ts';

/**
 * Server configuration, read once from the environment. Every variable is
 * documented in README.md and .env.example.
 */
export interface ServerConfig {
  /** Allowed browser origins for CORS (the web app may call the function's own URL). */
  corsOrigins: string[];
  /** Largest JSON body accepted, in bytes (docs/product.md, Limits: 1 MB). */
  jsonBodyLimit: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    corsOrigins: (env.CORS_ORIGINS ?? 'http://localhost:5173,http://127.0.0.1:5173')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    jsonBodyLimit: 1024 * 1024,
  };
}

/**
 * The server's secrets (README, "Deploying"). Cloud Functions hands a Secret Manager secret to
 * the function as an environment variable only when the function declares it. The emulators
 * get the same names as plain variables from the local stack instead: declared there, the
 * Functions emulator would look them up in Secret Manager on every worker start.
 */
const SERVER_SECRETS = [
  'OPENAI_API_KEY',
  'GOOGLE_OAUTH_CLIENT_SECRET',
  'TOKEN_ENCRYPTION_KEY',
  'VAPID_PRIVATE_KEY',
] as const;

export function declaredSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  return readLocalStack(env).emulator ? [] : [...SERVER_SECRETS];
}
