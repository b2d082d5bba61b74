/**
 * Reads server-sent events off a fetch response body, the way a browser's
 * EventSource (or the console's fetch reader) does: one `next()` at a time,
 * with a timeout, so a test can wait for the next message of a stream.
 */

export interface ServerEvent {
  event: string;
  data: string;
  retry?: number;
  /** Comment lines of the block (": heartbeat", ": ready"), without the colon. */
  comments: string[];
}

export class ServerEventReader {
  #buffer = '';
  #decoder = new TextDecoder();
  #ended = false;
  /** A read that outlived a timed-out next(): the following next() takes its chunk. */
  #pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;

  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  get ended(): boolean {
    return this.#ended;
  }

  /** The next block (ending in a blank line); undefined once the stream ended. */
  async next(timeoutMs = 5_000): Promise<ServerEvent | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.#buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = this.#buffer.slice(0, end);
        this.#buffer = this.#buffer.slice(end + 2);
        return parseBlock(block);
      }
      if (this.#ended) return undefined;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${timeoutMs} ms; buffered: ${JSON.stringify(this.#buffer)}`);
      let timer: NodeJS.Timeout | undefined;
      this.#pending ??= this.reader.read();
      const chunk = await Promise.race([
        this.#pending,
        new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), left);
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk === 'timeout') continue;
      this.#pending = undefined;
      if (chunk.done) this.#ended = true;
      else this.#buffer += this.#decoder.decode(chunk.value, { stream: true });
    }
  }

  /** Skips blocks until one has the comment (e.g. 'ready'). */
  async untilComment(comment: string, timeoutMs?: number): Promise<void> {
    for (;;) {
      const event = await this.next(timeoutMs);
      if (!event) throw new Error('the stream ended');
      if (event.comments.includes(comment)) return;
    }
  }

  /** The next block with data (skips comments and the retry block), its data parsed as JSON. */
  async nextMessage<T>(timeoutMs?: number): Promise<{ event: string; data: T }> {
    for (;;) {
      const event = await this.next(timeoutMs);
      if (!event) throw new Error('the stream ended');
      if (event.data !== '') return { event: event.event, data: JSON.parse(event.data) as T };
    }
  }
}

function parseBlock(block: string): ServerEvent {
  const event: ServerEvent = { event: 'message', data: '', comments: [] };
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      event.comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event.event = value;
    if (field === 'data') event.data = event.data === '' ? value : `${event.data}\n${value}`;
    if (field === 'retry') event.retry = Number(value);
  }
  return event;
}
