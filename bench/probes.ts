// What one bench run costs beyond req/s (issue 14): CPU time per request of the server process and
// of the PostgreSQL cluster (read from /proc, so stable where req/s on a shared machine is not),
// statements per request (the server's caas_db_statements gauge) and the server's peak RSS.
import fs from 'node:fs';
import pg from 'pg';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function statFields(pid: number): string[] | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** CPU milliseconds of a process (user + system), children it has reaped included when asked. */
export function cpuMs(pid: number, withReapedChildren = false): number {
  const f = statFields(pid);
  if (!f) return 0;
  // Fields after the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
  const own = Number(f[11]) + Number(f[12]);
  return (withReapedChildren ? own + Number(f[13]) + Number(f[14]) : own) * TICK_MS;
}

/** CPU milliseconds of a whole PostgreSQL cluster: the postmaster, its children, the reaped ones. */
export function clusterCpuMs(postmaster: number): number {
  let total = cpuMs(postmaster, true);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const f = statFields(Number(entry));
    if (f && Number(f[1]) === postmaster) total += (Number(f[11]) + Number(f[12])) * TICK_MS;
  }
  return total;
}

/** The postmaster's pid, through a backend's parent (null when /proc does not show it). */
export async function postmasterOf(url: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const f = statFields(Number(rows[0]?.pid));
    return f ? Number(f[1]) : null;
  } finally {
    await client.end();
  }
}

export function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every `interval_ms` and keeps the peak, overall and since `mark()`. */
export function rssSampler(pid: number, interval_ms = 100) {
  let peak = 0;
  let sincemark = 0;
  const timer = setInterval(() => {
    const now = rssMb(pid);
    peak = Math.max(peak, now);
    sincemark = Math.max(sincemark, now);
  }, interval_ms);
  timer.unref();
  return {
    mark: () => (sincemark = rssMb(pid)),
    sinceMark: () => sincemark,
    peak: () => peak,
    stop: () => clearInterval(timer),
  };
}

/** The server's running statement count (null when it does not expose one). */
export async function statementsOf(serverUrl: string): Promise<number | null> {
  try {
    const text = await (await fetch(`${serverUrl}/metrics`)).text();
    const match = /^caas_db_statements (\d+)/m.exec(text);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}
