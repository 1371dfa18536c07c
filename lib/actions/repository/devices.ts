import { asc, desc, eq } from 'drizzle-orm';
import type { ActionPreview, Outcome } from '@/lib/domain/account-tools';
import { LATEST_FIRMWARE, RESTART_MINUTES, firmwareUpToDate, planSpeeds } from '@/lib/actions/policy';
import type { Db } from '@/lib/db/client';
import { devices, type CustomerRow, type DeviceRow } from '@/lib/db/schema';
import { runAudited } from './audit';
import { formatDayLabel, formatTime, localDay, toZonedIso } from './dates';
import { ok, refuse } from './outcome';
import { NOT_A_CUSTOMER, heldPlans, loadActiveSubscriptions, loadCatalog, loadCustomer, type ActorScope, type CustomerScope } from './shared';

export type DeviceView = {
  id: string;
  model: DeviceRow['model'];
  serial: string;
  firmware: string;
  latestFirmware: string;
  firmwareUpToDate: boolean;
  status: DeviceRow['status'];
  lastSeenAt: string;
  lastRestartAt: string | null;
  advice: string[];
};

const NO_DEVICE = Object.freeze(refuse('no_device', 'There is no Alpenwave Box registered on your account, so there is nothing we can check or restart remotely.'));

function seenLabel(instant: Date): string {
  return `${formatDayLabel(localDay(instant))} at ${formatTime(instant)}`;
}

function deviceView(device: DeviceRow): DeviceView {
  const upToDate = firmwareUpToDate(device.model, device.firmware);
  const advice: string[] = [];
  if (device.status === 'online') advice.push(`Your ${device.model} is online (last contact ${seenLabel(device.lastSeenAt)}).`);
  else {
    advice.push(
      `Your ${device.model} has not been reachable since ${seenLabel(device.lastSeenAt)}. Check that it has power and that the cable to the fibre or phone outlet is plugged in; the lights on the front show what is wrong.`,
    );
  }
  if (!upToDate) {
    advice.push(
      `Firmware ${LATEST_FIRMWARE[device.model]} is available (installed: ${device.firmware}); the Box updates itself at night (${device.model === 'Box 5' ? '03:00–05:00' : '02:00–05:00'}) while it is online.`,
    );
  }
  return {
    id: device.id,
    model: device.model,
    serial: device.serial,
    firmware: device.firmware,
    latestFirmware: LATEST_FIRMWARE[device.model],
    firmwareUpToDate: upToDate,
    status: device.status,
    lastSeenAt: toZonedIso(device.lastSeenAt),
    lastRestartAt: device.lastRestartAt ? toZonedIso(device.lastRestartAt) : null,
    advice,
  };
}

/** The customer's Boxes, the main one (the newest model) first. */
export async function loadDevices(db: Db, { customerId, lock = false }: { customerId: string; lock?: boolean }): Promise<DeviceRow[]> {
  const query = db.select().from(devices).where(eq(devices.customerId, customerId)).orderBy(desc(devices.model), asc(devices.serial));
  return lock ? query.for('update') : query;
}

/** Status of the customer's modem(s): online/offline, last contact, firmware. */
export async function getModemStatus(db: Db, { customerId }: CustomerScope): Promise<Outcome<{ devices: DeviceView[] }>> {
  const customer = await loadCustomer(db, { customerId });
  if (!customer) return NOT_A_CUSTOMER;
  const rows = await loadDevices(db, { customerId });
  if (rows.length === 0) return NO_DEVICE;
  return ok({ devices: rows.map(deviceView) });
}

/** The Box a restart would act on, or why there is none that can be restarted. */
async function decideRestart(db: Db, { customerId, lock }: { customerId: string; lock: boolean }): Promise<Outcome<DeviceRow>> {
  const customer = await loadCustomer(db, { customerId, lock });
  if (!customer) return NOT_A_CUSTOMER;
  const [device] = await loadDevices(db, { customerId, lock });
  if (!device) return NO_DEVICE;
  if (device.status !== 'online') {
    return refuse(
      'device_offline',
      `Your ${device.model} is offline (last contact ${seenLabel(device.lastSeenAt)}), so we cannot restart it remotely. Switch it off for 30 seconds and on again, check the cable to the outlet, or let us run a line test.`,
      ['run_line_diagnostic', 'request_callback'],
    );
  }
  return ok(device);
}

export async function previewRestartModem(db: Db, { customerId }: CustomerScope): Promise<Outcome<ActionPreview>> {
  const decision = await decideRestart(db, { customerId, lock: false });
  if (!decision.ok) return decision;
  const device = decision.value;
  const minutes = RESTART_MINUTES[device.model];
  return ok({
    title: `Restart your Alpenwave ${device.model}`,
    changes: [{ label: `${device.model} (serial ${device.serial})`, before: 'Online', after: `Restarts now, back online in about ${minutes} minutes` }],
    notes: [`Internet, Wi-Fi, TV and the landline are interrupted for about ${minutes} minutes.`, 'Your settings and Wi-Fi password are kept.'],
  });
}

export type RestartResult = { deviceId: string; model: DeviceRow['model']; serial: string; restartedAt: string; backOnlineInMinutes: number; summary: string };

/** Sends the restart command to the customer's online Box (recorded as last_restart_at), audited. */
export async function executeRestartModem(db: Db, scope: ActorScope): Promise<Outcome<RestartResult>> {
  const { customerId, now } = scope;
  return runAudited<RestartResult>(db, { ...scope, action: 'restart_modem', input: {} }, async (tx) => {
    const decision = await decideRestart(tx, { customerId, lock: true });
    if (!decision.ok) return { outcome: decision };
    const device = decision.value;
    await tx.update(devices).set({ lastRestartAt: now }).where(eq(devices.id, device.id));
    const minutes = RESTART_MINUTES[device.model];
    return {
      outcome: ok({
        deviceId: device.id,
        model: device.model,
        serial: device.serial,
        restartedAt: toZonedIso(now),
        backOnlineInMinutes: minutes,
        summary: `Your ${device.model} is restarting and should be back online in about ${minutes} minutes.`,
      }),
      before: { deviceId: device.id, lastRestartAt: device.lastRestartAt?.toISOString() ?? null },
      after: { deviceId: device.id, lastRestartAt: now.toISOString() },
    };
  });
}

// ---- Line diagnostic ---------------------------------------------------------------------------

export type LineDiagnostic = {
  deviceId: string;
  model: DeviceRow['model'];
  serial: string;
  technology: 'fibre' | 'copper';
  testedAt: string;
  sync: { status: 'up' | 'down'; downstreamMbps: number | null; upstreamMbps: number | null; planDownstreamMbps: number | null; planUpstreamMbps: number | null };
  signal:
    | { kind: 'fibre'; rxPowerDbm: number | null; txPowerDbm: number | null; rating: 'good' | 'weak' | 'none' }
    | { kind: 'copper'; snrMarginDb: number | null; attenuationDb: number | null; rating: 'good' | 'weak' | 'none' };
  errors: { crcLastHour: number; fecLastHour: number; rating: 'ok' | 'high' } | null;
  verdict: 'ok' | 'degraded' | 'no_signal';
  advice: string[];
};

/** A small seeded PRNG: the same device always measures the same line. */
function seededRandom(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The line test's measurements for a Box: deterministic from the device (its serial seeds the
 * figures, its status decides whether there is a signal) and the plan's speeds.
 */
export function measureLine({
  device,
  technology,
  planSpeedsMbps,
  now,
}: {
  device: DeviceRow;
  technology: 'fibre' | 'copper';
  planSpeedsMbps: { downMbps: number; upMbps: number } | null;
  now: Date;
}): LineDiagnostic {
  const random = seededRandom(device.serial);
  const base = { deviceId: device.id, model: device.model, serial: device.serial, technology, testedAt: toZonedIso(now) };
  const planDown = planSpeedsMbps?.downMbps ?? null;
  const planUp = planSpeedsMbps?.upMbps ?? null;
  if (device.status === 'offline') {
    return {
      ...base,
      sync: { status: 'down', downstreamMbps: null, upstreamMbps: null, planDownstreamMbps: planDown, planUpstreamMbps: planUp },
      signal: technology === 'fibre' ? { kind: 'fibre', rxPowerDbm: null, txPowerDbm: null, rating: 'none' } : { kind: 'copper', snrMarginDb: null, attenuationDb: null, rating: 'none' },
      errors: null,
      verdict: 'no_signal',
      advice: [
        `We see no signal from your ${device.model} on the line. Check that the Box has power and that the cable to the ${technology === 'fibre' ? 'fibre' : 'phone'} outlet is firmly plugged in${device.model === 'Box 3' ? ' (a red blinking Internet light means no line signal)' : ' (an orange blinking light bar means no line signal)'}.`,
        'If it stays offline, a technician can check the line: repairs of faults in our network are free of charge.',
      ],
    };
  }
  // About one line in eight is weak (a dirty connector, a long copper run): always the same lines.
  const weakLine = random() < 0.125;
  const crc = Math.floor(random() * (technology === 'fibre' ? 6 : 40)) + (weakLine ? 150 : 0);
  const fec = Math.floor(random() * (technology === 'fibre' ? 200 : 2000));
  const errorsHigh = crc > 100;
  let signal: LineDiagnostic['signal'];
  let down = planDown;
  let up = planUp;
  if (technology === 'fibre') {
    const rx = round1(weakLine ? -(25.5 + random() * 3) : -(14 + random() * 8));
    const tx = round1(1 + random() * 2);
    signal = { kind: 'fibre', rxPowerDbm: rx, txPowerDbm: tx, rating: rx >= -25 ? 'good' : 'weak' };
  } else {
    const snr = round1(weakLine ? 3 + random() * 2.5 : 8 + random() * 6);
    const attenuation = round1(12 + random() * 14);
    signal = { kind: 'copper', snrMarginDb: snr, attenuationDb: attenuation, rating: snr >= 6 ? 'good' : 'weak' };
    const factor = 0.92 + random() * 0.08;
    down = planDown === null ? null : Math.round(planDown * factor);
    up = planUp === null ? null : Math.round(planUp * factor);
  }
  const degraded = signal.rating !== 'good' || errorsHigh;
  const advice = degraded
    ? ['The line works but its quality is below normal, which can cause drop-outs. A technician can check it: repairs of faults in our network are free of charge.']
    : ['Your line looks healthy: the Box is in sync at the expected speed with a good signal and few errors.', 'If the connection still feels slow, test with a cable at alpenwave.ch/speedtest; Wi-Fi is often the bottleneck.'];
  if (!firmwareUpToDate(device.model, device.firmware)) advice.push(`A firmware update (${LATEST_FIRMWARE[device.model]}) is pending; it installs automatically at night.`);
  return {
    ...base,
    sync: { status: 'up', downstreamMbps: down, upstreamMbps: up, planDownstreamMbps: planDown, planUpstreamMbps: planUp },
    signal,
    errors: { crcLastHour: crc, fecLastHour: fec, rating: errorsHigh ? 'high' : 'ok' },
    verdict: degraded ? 'degraded' : 'ok',
    advice,
  };
}

async function decideDiagnostic(db: Db, { customerId, now, lock }: CustomerScope & { lock: boolean }): Promise<Outcome<{ customer: CustomerRow; device: DeviceRow; speeds: { downMbps: number; upMbps: number } | null }>> {
  const customer = await loadCustomer(db, { customerId, lock });
  if (!customer) return NOT_A_CUSTOMER;
  const [device] = await loadDevices(db, { customerId });
  if (!device) return NO_DEVICE;
  const catalog = await loadCatalog(db);
  const internet = heldPlans(await loadActiveSubscriptions(db, { customerId }), catalog, localDay(now)).find((h) => h.plan.kind === 'internet');
  return ok({ customer, device, speeds: internet ? planSpeeds(internet.plan.summary) : null });
}

export async function previewLineDiagnostic(db: Db, { customerId, now }: CustomerScope): Promise<Outcome<ActionPreview>> {
  const decision = await decideDiagnostic(db, { customerId, now, lock: false });
  if (!decision.ok) return decision;
  const { device, customer } = decision.value;
  return ok({
    title: 'Run a line test',
    changes: [{ label: 'Line test', before: null, after: `${customer.hasFibre ? 'Fibre' : 'Copper'} line of your ${device.model} (serial ${device.serial}), about 1 minute` }],
    notes: ['The test runs from our network; your connection is not interrupted.'],
  });
}

/** Runs the line test (measurements deterministic from the device), audited with its result. */
export async function executeLineDiagnostic(db: Db, scope: ActorScope): Promise<Outcome<LineDiagnostic>> {
  const { customerId, now } = scope;
  return runAudited<LineDiagnostic>(db, { ...scope, action: 'run_line_diagnostic', input: {} }, async (tx) => {
    const decision = await decideDiagnostic(tx, { customerId, now, lock: true });
    if (!decision.ok) return { outcome: decision };
    const { customer, device, speeds } = decision.value;
    const result = measureLine({ device, technology: customer.hasFibre ? 'fibre' : 'copper', planSpeedsMbps: speeds, now });
    return { outcome: ok(result), before: null, after: result };
  });
}
