// A tiny TCP proxy on 127.0.0.1 in front of a real server that drops the answer of the first
// request whose bytes contain `marker`: the request reaches the server (which does the work),
// the client's connection is cut before any byte of the answer. Everything else passes through.
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface DroppingProxy {
  url: string;
  /** Requests seen that contained the marker. */
  marked(): number;
  /** Answers dropped (at most one). */
  dropped(): number;
  close(): Promise<void>;
}

export async function startDroppingProxy(targetPort: number, marker: string): Promise<DroppingProxy> {
  let marked = 0;
  let dropped = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    let cutThisOne = false;
    client.on('data', (chunk: Buffer) => {
      if (chunk.includes(marker)) {
        marked += 1;
        if (dropped === 0) cutThisOne = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (cutThisOne) {
        cutThisOne = false;
        dropped += 1;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    marked: () => marked,
    dropped: () => dropped,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
