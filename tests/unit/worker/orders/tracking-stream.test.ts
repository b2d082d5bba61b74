// @vitest-environment node
/**
 * The server-sent-events parser the tracker reads the order-events stream
 * with (fetch + ReadableStream, the same in the worker and in Node): messages
 * complete whatever the chunking, the standard's line endings, comments and
 * retry, and the stream reader over bytes split anywhere, even inside a
 * character.
 */
import { describe, expect, it } from 'vitest';
import { ServerSentEventParser, readEventStream, type ServerSentEvent } from '../../../../worker/orders/tracking-stream.ts';

const TRACKING = 'event: tracking\ndata: {"status":2}\n\n';

function parseAll(chunks: string[]): { events: ServerSentEvent[]; parser: ServerSentEventParser } {
  const parser = new ServerSentEventParser();
  return { events: chunks.flatMap((chunk) => parser.push(chunk)), parser };
}

function bytesStream(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

describe('ServerSentEventParser', () => {
  it('reads what the server sends: retry, a tracking message, a heartbeat, a position message', () => {
    const { events, parser } = parseAll([
      'retry: 3000\n\n',
      TRACKING,
      ': heartbeat\n\n',
      'event: position\ndata: {"status":3}\n\n',
    ]);
    expect(events).toEqual([
      { event: 'tracking', data: '{"status":2}', id: '' },
      { event: 'position', data: '{"status":3}', id: '' },
    ]);
    expect(parser.retryMs).toBe(3000);
  });

  it('gives the same messages whatever the chunks, down to one character at a time', () => {
    const text = `retry: 3000\n\n${TRACKING}: heartbeat\n\n${TRACKING}`;
    const whole = parseAll([text]).events;
    expect(whole).toHaveLength(2);
    expect(parseAll([...text]).events).toEqual(whole);
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(parseAll([text.slice(0, cut), text.slice(cut)]).events).toEqual(whole);
    }
  });

  it('takes CRLF, LF and CR line endings, with a CRLF split between chunks', () => {
    const expected = [{ event: 'tracking', data: '{"status":2}', id: '' }];
    expect(parseAll(['event: tracking\r\ndata: {"status":2}\r\n\r\n']).events).toEqual(expected);
    expect(parseAll(['event: tracking\rdata: {"status":2}\r\r']).events).toEqual(expected);
    // The CR at a chunk's end is one line ending with the LF that starts the next, not two (which would dispatch early).
    expect(parseAll(['event: tracking\r', '\ndata: {"status":2}\r', '\n\r', '\n']).events).toEqual(expected);
  });

  it('joins data lines with newlines, defaults the event name, keeps the last id, and strips one space only', () => {
    const { events } = parseAll(['id: 7\ndata:  two spaces\ndata:\ndata: third\n\n', 'data:x\n\n']);
    expect(events).toEqual([
      { event: 'message', data: ' two spaces\n\nthird', id: '7' },
      { event: 'message', data: 'x', id: '7' },
    ]);
  });

  it('dispatches nothing for a block without data, and forgets its event name', () => {
    const { events } = parseAll(['event: tracking\n\n', 'data: plain\n\n']);
    expect(events).toEqual([{ event: 'message', data: 'plain', id: '' }]);
  });

  it('ignores unknown fields and a retry that is not digits', () => {
    const { events, parser } = parseAll(['retry: soon\nfoo: bar\nevent: tracking\ndata: 1\n\n']);
    expect(events).toEqual([{ event: 'tracking', data: '1', id: '' }]);
    expect(parser.retryMs).toBeNull();
  });

  it('holds an unfinished message until its blank line arrives', () => {
    const parser = new ServerSentEventParser();
    expect(parser.push('event: tracking\ndata: {"sta')).toEqual([]);
    expect(parser.push('tus":4}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'tracking', data: '{"status":4}', id: '' }]);
  });
});

describe('readEventStream', () => {
  it('decodes UTF-8 split inside a character, drops a leading BOM, and reports bytes before messages', async () => {
    const bytes = new TextEncoder().encode('\uFEFFevent: tracking\ndata: {"reason":"Fermé — désolé"}\n\n: heartbeat\n\n');
    const cut = bytes.indexOf(0xc3) + 1;
    const seen: string[] = [];
    await readEventStream(bytesStream([bytes.slice(0, cut), bytes.slice(cut)]), {
      onBytes: () => {
        seen.push('bytes');
      },
      onEvent: (event) => {
        seen.push(`${event.event} ${event.data}`);
      },
    });
    expect(seen).toEqual(['bytes', 'bytes', 'tracking {"reason":"Fermé — désolé"}']);
  });

  it('waits for each message to be handled before reading the next', async () => {
    const order: string[] = [];
    await readEventStream(bytesStream([new TextEncoder().encode(`${TRACKING}${TRACKING.replace('2', '3')}`)]), {
      onEvent: async (event) => {
        order.push(`start ${event.data}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
        order.push(`end ${event.data}`);
      },
    });
    expect(order).toEqual(['start {"status":2}', 'end {"status":2}', 'start {"status":3}', 'end {"status":3}']);
  });
});
