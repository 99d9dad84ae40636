import { io } from 'socket.io-client';

export type LiveMessage = { status: string; message: string; validation_report?: boolean };

/** Joins a job's room on /ws (docs/rest-api.md) and resolves with every message up to the final one. */
export function followOverSocket(
  url: string,
  cookie: string,
  room: string,
  event: 'event' | 'finished',
): Promise<LiveMessage[]> {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      path: '/ws',
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: false,
    });
    const messages: LiveMessage[] = [];
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`no final message; got ${JSON.stringify(messages)}`));
    }, 120_000);
    socket.on('connect', () => socket.emit('join-room', { room }));
    socket.on('connect_error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('error-message', (m: LiveMessage) => {
      clearTimeout(timer);
      socket.close();
      reject(new Error(m.message));
    });
    socket.on(event, (m: LiveMessage) => {
      messages.push(m);
      if (m.status !== 'working') {
        clearTimeout(timer);
        socket.close();
        resolve(messages);
      }
    });
  });
}
