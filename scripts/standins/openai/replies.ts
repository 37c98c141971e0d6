// What the OpenAI stand-in answers: deterministic content for each kind of request.
import { isRecord } from '../http-util.ts';
import {
  STANDIN_MARKER,
  sampleFromSchema,
  subtaskTitles,
  topicFromPrompt,
} from '../json-schema-sample.ts';
import { extractionAnswer } from './extraction.ts';

/** The part of a chat completion request body that decides the answer. */
export interface ReplyRequest {
  messages?: unknown[];
  response_format?: unknown;
}

/** Text of a message's content (string or array of text parts). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
      .filter(Boolean)
      .join('\n');
  }
  return '';
}

/** The raw text of the last user message of a request (markers included). */
export function lastUserMessage(messages: unknown): string {
  if (!Array.isArray(messages)) return '';
  for (let i = messages.length - 1; i >= 0; i--) {
    const message: unknown = messages[i];
    if (isRecord(message) && message.role === 'user') return contentText(message.content);
  }
  return '';
}

/** The deterministic plain-text reply to a prompt (the last user message). */
export function standinReply(prompt: string): string {
  const shown = prompt.replace(STANDIN_MARKER, ' ').replace(/\s+/g, ' ').trim().slice(0, 200);
  const topic = topicFromPrompt(prompt);
  return (
    `Stand-in reply to: ${shown}\n\n` +
    `This answer comes from the local OpenAI stand-in, so the same prompt always gets the same reply. ` +
    `A good next step for ${topic} is to split it into small tasks and start with the first one.`
  );
}

/**
 * One kind of request the stand-in recognises: its answer, or null when the request is not of
 * this kind.
 */
type ReplyKind = (request: ReplyRequest, prompt: string) => string | null;

/** A syllabus or brain-dump extraction (its own json_schema): the items a rule reading finds. */
const extraction: ReplyKind = (request) => {
  const format = request.response_format;
  if (!isRecord(format) || format.type !== 'json_schema' || !isRecord(format.json_schema)) {
    return null;
  }
  return extractionAnswer(format.json_schema.name, request.messages);
};

/** Structured output (response_format json_schema): JSON that matches the schema. */
const structuredOutput: ReplyKind = (request, prompt) => {
  const format = request.response_format;
  if (!isRecord(format) || format.type !== 'json_schema' || !isRecord(format.json_schema)) {
    return null;
  }
  return JSON.stringify(sampleFromSchema(format.json_schema.schema, topicFromPrompt(prompt)));
};

/** JSON mode (response_format json_object): a reply and subtasks. */
const jsonObject: ReplyKind = (request, prompt) => {
  const format = request.response_format;
  if (!isRecord(format) || format.type !== 'json_object') return null;
  const topic = topicFromPrompt(prompt);
  return JSON.stringify({ reply: standinReply(prompt), subtasks: subtaskTitles(topic) });
};

/**
 * The kinds of request, tried in order: the first that recognises a request answers it, and
 * plain text answers the rest. A new kind (a new feature's prompt) goes here.
 */
const REPLY_KINDS: readonly ReplyKind[] = [extraction, structuredOutput, jsonObject];

/** The content the stand-in answers for a request body (text, or JSON for structured output). */
export function standinContent(request: ReplyRequest): string {
  const prompt = lastUserMessage(request.messages);
  for (const kind of REPLY_KINDS) {
    const content = kind(request, prompt);
    if (content !== null) return content;
  }
  return standinReply(prompt);
}
