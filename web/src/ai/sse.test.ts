import { describe, expect, it, vi } from 'vitest';
import { readEvents, streamAi, type AiStreamEvent } from './sse.ts';
import { controlledStream } from './testSupport.tsx';

async function collect(gen: AsyncGenerator<AiStreamEvent>): Promise<AiStreamEvent[]> {
  const out: AiStreamEvent[] = [];
  for await (const e of gen) out.push(e);
  return out;
}

describe('readEvents (SSE over a ReadableStream)', () => {
  it('yields each piece as it arrives, with its event name and data', async () => {
    const stream = controlledStream();
    const gen = readEvents(stream.response.body!);
    stream.send('data', 'Hel');
    expect(await gen.next()).toEqual({ done: false, value: { event: 'data', data: 'Hel' } });
    stream.send('data', 'lo');
    expect(await gen.next()).toEqual({ done: false, value: { event: 'data', data: 'lo' } });
    stream.send('error', 'The AI service stopped.');
    stream.end();
    expect(await collect(gen)).toEqual([{ event: 'error', data: 'The AI service stopped.' }]);
  });

  it('reassembles pieces split across chunks, multi-line data and a missing last blank line', async () => {
    const stream = controlledStream();
    stream.raw('event: da');
    stream.raw('ta\ndata: line one\nda');
    stream.raw(
      'ta: line two\n\n: a comment\n\ndata: no event name\n\nevent: data\ndata:  two spaces',
    );
    stream.end();
    expect(await collect(readEvents(stream.response.body!))).toEqual([
      { event: 'data', data: 'line one\nline two' },
      { event: 'data', data: 'no event name' },
      { event: 'data', data: ' two spaces' },
    ]);
  });

  it('keeps multi-byte characters split between chunks intact', async () => {
    const bytes = new TextEncoder().encode('event: data\ndata: café 🧠\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes.slice(0, 22));
        c.enqueue(bytes.slice(22));
        c.close();
      },
    });
    expect(await collect(readEvents(body))).toEqual([{ event: 'data', data: 'café 🧠' }]);
  });

  it('stops reading and cancels the body when the signal aborts', async () => {
    const stream = controlledStream();
    const controller = new AbortController();
    const gen = readEvents(stream.response.body!, controller.signal);
    stream.send('data', 'first');
    expect((await gen.next()).value).toEqual({ event: 'data', data: 'first' });
    const pending = gen.next();
    controller.abort();
    expect(await pending).toEqual({ done: true, value: undefined });
    expect(stream.cancelled).toBe(true);
  });

  it('cancels the body when the consumer stops early', async () => {
    const stream = controlledStream();
    stream.send('data', 'a');
    stream.send('data', 'b');
    for await (const e of readEvents(stream.response.body!)) {
      expect(e.data).toBe('a');
      break;
    }
    expect(stream.cancelled).toBe(true);
  });
});

describe('streamAi', () => {
  it('posts through api.stream with the signal and yields the events', async () => {
    const stream = controlledStream();
    const api = { stream: vi.fn(async () => stream.response) };
    const controller = new AbortController();
    stream.send('data', 'Hi');
    stream.end();
    const events = await collect(
      streamAi(api, 'POST /api/ai-help-chat', { prompt: 'x' }, controller.signal),
    );
    expect(api.stream).toHaveBeenCalledWith(
      '/api/ai-help-chat',
      { prompt: 'x' },
      controller.signal,
    );
    expect(events).toEqual([{ event: 'data', data: 'Hi' }]);
  });

  it("rejects with the client's error when the server refuses", async () => {
    const refused = new Error('AI Help is turned off for your account.');
    const api = { stream: vi.fn(async () => Promise.reject(refused)) };
    await expect(collect(streamAi(api, 'POST /api/ai-help-chat', { prompt: 'x' }))).rejects.toBe(
      refused,
    );
  });
});
