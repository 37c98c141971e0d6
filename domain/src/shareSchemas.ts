/**
 * The bodies the sharing endpoints take (docs/product.md, "Someone in your corner"), checked on
 * the server. Apart from the limits and words in shares.ts, which the web app reads without
 * loading zod.
 */
import { z } from 'zod';
import { textSchema } from './safeText.ts';
import { CHEER_MAX_LENGTH, CHEER_PRESETS, SHARE_NAME_MAX_LENGTH } from './shares.ts';

const flag = (field: string) => z.boolean({ error: `${field} must be true or false.` });

const strictError = (example: string) => ({
  error: (issue: { code: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys'
      ? `Unknown field: ${String(issue.keys?.[0])}.`
      : `Send a JSON object, for example ${example}.`,
});

const shareScopeSchema = z.strictObject(
  {
    steps: flag('scope.steps'),
    focus: flag('scope.focus'),
    descriptions: flag('scope.descriptions'),
  },
  strictError('{ "steps": true, "focus": false, "descriptions": false }'),
);

const shareNameSchema = textSchema('name', SHARE_NAME_MAX_LENGTH, { trim: true, required: true });

export const shareCreateSchema = z.strictObject(
  { name: shareNameSchema, scope: shareScopeSchema },
  strictError(
    '{ "name": "Mum", "scope": { "steps": true, "focus": false, "descriptions": false } }',
  ),
);

/** A change to a share: its name, its scope, or whether its supporter may send cheers. */
export const sharePatchSchema = z
  .strictObject(
    {
      name: shareNameSchema.optional(),
      scope: shareScopeSchema.optional(),
      cheers: flag('cheers').optional(),
    },
    strictError('{ "scope": { "steps": true, "focus": true, "descriptions": false } }'),
  )
  .refine(
    (b) => b.name !== undefined || b.scope !== undefined || b.cheers !== undefined,
    'Send at least one of name, scope or cheers.',
  );

export const shareAcceptSchema = z.strictObject(
  {
    token: z
      .string({ error: 'token is required.' })
      .max(200, 'That invitation link does not work. Ask for a new one.'),
  },
  strictError('{ "token": "..." }'),
);

export const cheerSchema = z.strictObject(
  { text: textSchema('text', CHEER_MAX_LENGTH, { trim: true, required: true }) },
  strictError(`{ "text": "${CHEER_PRESETS[0]}" }`),
);

/** A share as its student sees it in Settings. */
