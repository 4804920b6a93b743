import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** CPU seconds (user + system) a process and its descendants have used, from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  if (!existsSync(`/proc/${pid}/stat`)) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const own = (Number(fields[11]) + Number(fields[12])) / 100;
  return own + childrenOf(pid).reduce((sum, child) => sum + cpuSeconds(child), 0);
}

function childrenOf(pid: number): number[] {
  const tasks = existsSync(`/proc/${pid}/task`) ? readdirSync(`/proc/${pid}/task`) : [];
  return tasks.flatMap((t) => {
    const file = `/proc/${pid}/task/${t}/children`;
    return existsSync(file) ? readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
  });
}

/** Resident memory (bytes) of a process and its descendants. */
export function rssBytes(pid: number): number {
  if (!existsSync(`/proc/${pid}/status`)) return 0;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return (match ? Number(match[1]) * 1024 : 0) + childrenOf(pid).reduce((sum, child) => sum + rssBytes(child), 0);
}
