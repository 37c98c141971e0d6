import { isPrototypeName } from '@brainboard/domain';
import type { RequestHandler } from 'express';
import { notFound } from './errors.ts';

/**
 * Every path segment is a route name or an id. A segment that cannot be decoded, that is a
 * name objects already carry (`__proto__`, `constructor`, `toString`, ...), or that tries
 * to climb or split a path (`..`, `a/b`, `a\b`) names nothing: 404 before any route runs.
 */
export const refuseUnsafePathSegments: RequestHandler = (req, _res, next) => {
  for (const raw of req.path.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return next(notFound('There is no such item.'));
    }
    if (
      isPrototypeName(segment) ||
      segment === '.' ||
      segment === '..' ||
      // eslint-disable-next-line no-control-regex
      /[/\\\u0000-\u001f]/.test(segment)
    ) {
      return next(notFound('There is no such item.'));
    }
  }
  next();
};
