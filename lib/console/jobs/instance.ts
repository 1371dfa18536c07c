import { randomUUID } from 'node:crypto';
import os from 'node:os';

/**
 * This process's name in the jobs table's owner column: host, pid and a random suffix (a pid can
 * be reused after a restart; the suffix cannot). Kept on globalThis so every bundle agrees.
 */
const KEY = Symbol.for('lantern.instanceId');
type Holder = { [KEY]?: string };

export function instanceId(): string {
  const holder = globalThis as Holder;
  holder[KEY] ??= `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  return holder[KEY];
}
