import { spawn } from 'node:child_process';

export type WrkOptions = {
  url: string;
  /** Open connections (docs/quality.md: 50). */
  connections?: number;
  threads?: number;
  durationSecs?: number;
  headers?: Record<string, string>;
};

export type WrkResult = {
  requests: number;
  requestsPerSec: number;
  /** Latency percentiles in milliseconds, from `--latency`. */
  p50: number;
  p90: number;
  p99: number;
  maxMs: number;
  /** Responses other than 2xx/3xx. */
  non2xx3xx: number;
  /** connect + read + write + timeout socket errors. */
  socketErrors: number;
  transferPerSec: string;
  raw: string;
};

/** Runs wrk once (bounded: killed 30 s after its own duration) and parses its `--latency` report. */
export async function runWrk(options: WrkOptions): Promise<WrkResult> {
  const durationSecs = options.durationSecs ?? 10;
  const args = [
    `-t${options.threads ?? 1}`,
    `-c${options.connections ?? 50}`,
    `-d${durationSecs}s`,
    '--timeout',
    '5s',
    '--latency',
  ];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  args.push(options.url);
  const raw = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    const killer = setTimeout(() => child.kill('SIGKILL'), (durationSecs + 30) * 1000);
    child.on('error', (error) => {
      clearTimeout(killer);
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error('wrk not found: apt-get update && apt-get install -y wrk')
          : error,
      );
    });
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      if (code === 0) resolve(out);
      else reject(new Error(`wrk ended with ${signal ?? `exit ${code}`}: ${err || out}`));
    });
  });
  return parseWrk(raw);
}

/** Parses wrk's text report (`wrk --latency`). Throws when a figure is missing. */
export function parseWrk(raw: string): WrkResult {
  const need = (re: RegExp, what: string) => {
    const m = re.exec(raw);
    if (!m) throw new Error(`wrk output has no ${what}:\n${raw}`);
    return m;
  };
  const percentile = (p: string) =>
    toMs(need(new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm'), `${p}%`));
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(raw);
  return {
    requests: Number(need(/(\d+) requests in/, 'request count')[1]),
    requestsPerSec: Number(need(/Requests\/sec:\s+([\d.]+)/, 'Requests/sec')[1]),
    p50: percentile('50'),
    p90: percentile('90'),
    p99: percentile('99'),
    maxMs: toMs(need(/Latency\s+[\d.]+\w+\s+[\d.]+\w+\s+([\d.]+)(us|ms|s|m)/, 'max latency')),
    non2xx3xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(raw)?.[1] ?? 0),
    socketErrors: socket ? socket.slice(1, 5).reduce((sum, n) => sum + Number(n), 0) : 0,
    transferPerSec: /Transfer\/sec:\s+(\S+)/.exec(raw)?.[1] ?? '?',
    raw,
  };
}

function toMs(m: RegExpExecArray): number {
  const value = Number(m[1]);
  const unit = m[2];
  return unit === 'us' ? value / 1000 : unit === 's' ? value * 1000 : unit === 'm' ? value * 60_000 : value;
}
