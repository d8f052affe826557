/**
 * A PostgreSQL LISTEN on one channel, on a connection of its own (a pooled one would be handed to
 * other queries), reconnecting after a loss. The change feed and the session revocations use it
 * to hear what other server processes sharing the database did.
 *
 * NOTIFYs sent while the connection is down are lost: `onLost` says the listener is deaf from
 * now, `onListening` that it hears again (each time LISTEN succeeds), so a reader that keeps
 * state built from the notifications can stop trusting it meanwhile.
 */
import pg from 'pg';

const RECONNECT_MS = 1000;

type Log = { warn(obj: object, msg: string): void };

export type ChannelHandlers = {
  onPayload(payload: string): void;
  onListening?(): void;
  onLost?(): void;
};

export type ChannelListener = { close(): Promise<void> };

export function listenChannel(
  pool: pg.Pool,
  channel: string,
  handlers: ChannelHandlers,
  log: Log,
  /** What the log says the connection serves. */
  name = 'change feed',
): ChannelListener {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client(pool.options);
    next.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      handlers.onPayload(message.payload);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, `${name} connection lost; reconnecting`);
      void next.end().catch(() => undefined);
      if (client === next) {
        client = undefined;
        handlers.onLost?.();
      }
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
      if (closed) {
        await next.end();
      } else {
        client = next;
        handlers.onListening?.();
      }
    } catch (error) {
      log.warn({ err: error }, `${name} could not listen; retrying`);
      void next.end().catch(() => undefined);
      scheduleReconnect();
    }
  };
  const scheduleReconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
    retry.unref();
  };
  void connect();

  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
