// Where an export's text goes: a file (written beside it under a temporary name and renamed when
// complete, so a failed export never leaves a half file under the requested name), or standard
// output. Writes wait for the stream to drain: memory stays bounded by one batch.
import { once } from 'node:events';
import fs from 'node:fs';

export interface TextSink {
  write(text: string): Promise<void>;
  /** Success: flush and, for a file, move it into place. */
  close(): Promise<void>;
  /** Failure: for a file, remove the partial one. */
  abort(): Promise<void>;
}

async function writeTo(stream: NodeJS.WritableStream, text: string): Promise<void> {
  if (text !== '' && !stream.write(text)) await once(stream, 'drain');
}

/** Opens `<path>.partial-<pid>` (never overwriting one); the error names the path when it cannot. */
export async function fileSink(path: string): Promise<TextSink> {
  const partial = `${path}.partial-${process.pid}`;
  const handle = await fs.promises.open(partial, 'wx', 0o600);
  const stream = handle.createWriteStream();
  let failure: Error | null = null;
  stream.on('error', (error) => (failure ??= error));
  let ending: Promise<void> | null = null;
  // Once only: close and abort may both run (an abort after a failed close).
  const ended = () => (ending ??= new Promise<void>((resolve, reject) => stream.end(() => (failure ? reject(failure) : resolve()))));
  return {
    write: async (text) => {
      if (failure) throw failure;
      await writeTo(stream, text);
    },
    close: async () => {
      await ended();
      await fs.promises.rename(partial, path);
    },
    abort: async () => {
      await ended().catch(() => undefined);
      await fs.promises.rm(partial, { force: true });
    },
  };
}

export function writerSink(write: (text: string) => void): TextSink {
  return { write: async (text) => write(text), close: async () => undefined, abort: async () => undefined };
}

export function stdoutSink(): TextSink {
  return { write: (text) => writeTo(process.stdout, text), close: async () => undefined, abort: async () => undefined };
}
