/**
 * Size caps of the AI routes (prompts are capped in size). The
 * chat input itself is capped at 1024 characters in the web app (docs/product.md, Limits);
 * a first prompt carries the assignment as context, so the cap is larger.
 */
export const PROMPT_MAX_CHARS = 10_000;
/** Earlier turns a chat request may carry. */
export const HISTORY_MAX_MESSAGES = 100;
/** Characters of one earlier turn. */
export const HISTORY_MESSAGE_MAX_CHARS = 20_000;
/** Of the earlier turns, only the newest that fit this budget are sent to the model. */
export const HISTORY_BUDGET_CHARS = 24_000;
/** A saved chat: at most this many messages and characters (a Firestore document holds 1 MiB). */
export const SAVED_CHAT_MAX_MESSAGES = 300;
export const SAVED_CHAT_MAX_CHARS = 600_000;
/** Suggested subtasks kept from one answer. */
export const SUGGESTIONS_MAX = 12;
/** Longest deep-dive text stored. */
export const DEEP_DIVE_MAX_CHARS = 20_000;
/** A streamed reply that sends nothing for this long ends with an error event. */
export const STREAM_IDLE_TIMEOUT_MS = 30_000;
