/**
 * A small reader of server-sent events over fetch (the token travels in the
 * Authorization header, which EventSource cannot send). The app's full
 * parser lives in the sync worker, which the UI may not import; the console
 * needs only `event:` and `data:` of the store-order stream.
 */

export interface StreamMessage {
  event: string;
  data: string;
}

/** Feeds decoded text in chunks of any size; answers the messages each chunk completed. */
export class EventStreamReader {
  #pending = '';
  #event = '';
  #data: string[] = [];

  /** The last chunk ended in CR: an LF opening the next one is the same line end, not a blank line. */
  #afterCr = false;

  push(text: string): StreamMessage[] {
    this.#pending += this.#afterCr && text.startsWith('\n') ? text.slice(1) : text;
    this.#afterCr = text.endsWith('\r');
    const lines = this.#pending.split(/\r\n|\r|\n/);
    // The last piece has no line end yet (or is '' after one): keep it for the next chunk.
    this.#pending = lines.pop() ?? '';
    const messages: StreamMessage[] = [];
    for (const line of lines) {
      if (line === '') {
        if (this.#data.length > 0) messages.push({ event: this.#event || 'message', data: this.#data.join('\n') });
        this.#event = '';
        this.#data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') this.#event = value;
      else if (field === 'data') this.#data.push(value);
    }
    return messages;
  }
}

/** Reads a response body to its end (or until its fetch is aborted, which rejects), handing over each message. */
export async function readEventStream(body: ReadableStream<Uint8Array>, onMessage: (message: StreamMessage) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new EventStreamReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      for (const message of parser.push(decoder.decode(value, { stream: true }))) onMessage(message);
    }
  } finally {
    reader.releaseLock();
  }
}
