export const LISTEN_HOST_ENV: 'LANTERN_LISTEN_HOST';
export const ALL_INTERFACES: '0.0.0.0';
export function isValidHost(host: string): boolean;
export function isLoopbackHost(host: string): boolean;
export function demoMayBeSeeded(env: Record<string, string | undefined>): boolean;
export function listenHost(env: Record<string, string | undefined>): string | undefined;
