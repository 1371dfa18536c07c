import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * A full garbage collection, now. Used once after start on the embedded database: creating a new
 * data dir runs initdb in a WebAssembly instance of its own, whose ~240 MB of memory stays
 * resident until V8 happens to collect it — with a small JS heap that can take many minutes of
 * traffic. (`global.gc` exists only with --expose-gc; the flag can be set at run time and the
 * function fetched from a fresh context.)
 */
export function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
}
