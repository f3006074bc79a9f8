// A progress bar on stderr for long operator commands (exports), drawn only when stderr is a
// terminal: piped or redirected output gets none, so logs and files stay clean. cli-progress.
import cliProgress from 'cli-progress';

export interface Progress {
  advance(count: number): void;
  stop(): void;
}

const SILENT: Progress = { advance: () => undefined, stop: () => undefined };

export function progressBar(label: string, total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY || total === 0) return SILENT;
  const bar = new cliProgress.SingleBar(
    { stream, format: `${label} {bar} {percentage}% | {value}/{total} rows | ETA {eta_formatted}`, hideCursor: true, clearOnComplete: false, etaBuffer: 20 },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  return {
    advance: (count) => bar.increment(count),
    stop: () => bar.stop(),
  };
}
