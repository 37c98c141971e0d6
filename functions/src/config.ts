/**
 * Server configuration, read once from the environment. Every variable is
 * documented in README.md and .env.example.
 */
export interface ServerConfig {
  /** Allowed browser origins for CORS (the web app may call the function's own URL). */
  corsOrigins: string[];
  /** Largest JSON body accepted, in bytes (DESIGN §3: 1 MB). */
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
