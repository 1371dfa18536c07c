import { detectLanguage } from '@/lib/i18n/detect-language';
import type {
  AccountOverview,
  AvailablePlans,
  CallbackRequest,
  ContactUpdateResult,
  DeviceView,
  FreeSlots,
  InvoiceExplanation,
  InvoiceSummary,
  LineDiagnostic,
  OutageStatus,
  PlanChangeResult,
  RescheduleResult,
  RestartResult,
  SlotView,
} from '@/lib/actions/repository';

/**
 * Realistic repository results for the phrasing tests, built by hand to match the types (the
 * demo customers of content/seed/customers.json, on 3 December 2026).
 */

export const slot = (id: number, day: string, from: string, to: string, label: string): SlotView => ({
  id,
  startsAt: `${day}T${from}:00+01:00`,
  endsAt: `${day}T${to}:00+01:00`,
  label,
});

export const openInvoice: InvoiceSummary = {
  id: 'INV-2026-12-100233',
  issuedOn: '2026-12-01',
  dueOn: '2026-12-31',
  totalCents: 11830,
  status: 'open',
  paidOn: null,
  overdueDays: 0,
};

export const paidInvoice: InvoiceSummary = {
  id: 'INV-2026-11-100232',
  issuedOn: '2026-11-01',
  dueOn: '2026-12-01',
  totalCents: 9400,
  status: 'paid',
  paidOn: '2026-11-13',
  overdueDays: 0,
};

export const overdueInvoice: InvoiceSummary = {
  id: 'INV-2026-10-200118',
  issuedOn: '2026-10-01',
  dueOn: '2026-10-31',
  totalCents: 5020,
  status: 'overdue',
  paidOn: null,
  overdueDays: 33,
};

export const accountOverview: AccountOverview = {
  customer: {
    customerNumber: 'AW-10482736',
    name: 'Anna Meier',
    email: 'anna.meier@example.ch',
    phone: '+41 79 482 73 61',
    language: 'de',
    status: 'active',
    address: { street: 'Seefeldstrasse 112', postcode: '8008', city: 'Zürich' },
    area: { id: 'zurich', name: 'Zürich' },
    hasFibre: true,
  },
  subscriptions: [
    {
      id: 'b1f0c2a4-0000-4000-8000-000000000001',
      kind: 'internet',
      planId: 'wave-home-500',
      planName: 'Wave Home 500',
      summary: '500/100 Mbit/s download/upload, fibre, modem rental included',
      monthlyPriceCents: 6400,
      startedOn: '2026-04-01',
      minTermEndsOn: '2027-03-31',
      pendingChange: null,
    },
    {
      id: 'b1f0c2a4-0000-4000-8000-000000000002',
      kind: 'mobile',
      planId: 'wave-mobile-m',
      planName: 'Wave Mobile M',
      summary: '20 GB data in Switzerland, unlimited calls and SMS in Switzerland, up to 300 Mbit/s, 1 GB roaming data in Zone 1',
      monthlyPriceCents: 3500,
      startedOn: '2024-06-01',
      minTermEndsOn: null,
      pendingChange: { planId: 'wave-mobile-s', planName: 'Wave Mobile S', monthlyPriceCents: 1900, effectiveOn: '2027-01-01' },
    },
    {
      id: 'b1f0c2a4-0000-4000-8000-000000000003',
      kind: 'tv',
      planId: 'wave-tv-basic',
      planName: 'Wave TV Basic',
      summary: '120+ channels (40 in HD), 7-day replay, 50 hours of cloud recordings, 2 streams at once',
      monthlyPriceCents: 1500,
      startedOn: '2026-04-01',
      minTermEndsOn: '2027-03-31',
      pendingChange: null,
    },
  ],
  monthly: {
    plansCents: 11400,
    discounts: [
      { label: 'Wave Duo discount (internet + TV)', amountCents: -1000 },
      { label: 'Combo discount Wave Mobile M', amountCents: -1000 },
    ],
    totalCents: 9400,
  },
  openInvoices: [openInvoice],
  openBalanceCents: 11830,
  nextAppointment: {
    id: 'c2e0d3b5-0000-4000-8000-000000000001',
    kind: 'repair',
    status: 'scheduled',
    slot: slot(41, '2026-12-08', '08:00', '12:00', 'Tue 8 Dec 2026, 08:00–12:00'),
  },
  devices: [{ model: 'Box 5', serial: 'AW5-2308-48271', status: 'online', firmware: '5.4.2' }],
  notes: ['Your mobile plan changes to Wave Mobile S on 1 Jan 2027.'],
};

export const restrictedOverview: AccountOverview = {
  ...accountOverview,
  customer: {
    ...accountOverview.customer,
    customerNumber: 'AW-20117345',
    name: 'Luca Rossi',
    language: 'it',
    status: 'restricted',
    area: { id: 'lugano', name: 'Lugano' },
    hasFibre: false,
  },
  subscriptions: [{ ...accountOverview.subscriptions[0]!, planId: 'wave-home-100', planName: 'Wave Home 100', monthlyPriceCents: 4900 }],
  monthly: { plansCents: 4900, discounts: [], totalCents: 4900 },
  openInvoices: [overdueInvoice],
  openBalanceCents: 5020,
  nextAppointment: null,
  devices: [{ model: 'Box 3', serial: 'AW3-1903-59381', status: 'offline', firmware: '3.9.1' }],
  notes: [
    'Your services are restricted because an invoice is more than 30 days overdue: internet is slowed to 1 Mbit/s, outgoing mobile calls, SMS and data and TV are blocked (emergency numbers always work). They are restored within 2 hours after the payment is registered; a reactivation fee of CHF 30 applies.',
  ],
};

export const invoiceList: { invoices: InvoiceSummary[] } = {
  invoices: [openInvoice, paidInvoice, { ...paidInvoice, id: 'INV-2026-10-100231', issuedOn: '2026-10-01', dueOn: '2026-10-31', paidOn: '2026-10-13', totalCents: 9400 }],
};

export const invoiceExplanation: InvoiceExplanation = {
  invoice: openInvoice,
  groups: [
    {
      kind: 'subscription',
      label: 'Monthly fees',
      totalCents: 11400 + 1074,
      lines: [
        { description: 'Wave Home 500, Dec 2026', amountCents: 6400, periodFrom: '2026-12-01', periodTo: '2026-12-31', proRated: false },
        { description: 'Wave Mobile M, Dec 2026', amountCents: 3500, periodFrom: '2026-12-01', periodTo: '2026-12-31', proRated: false },
        { description: 'Wave TV Basic, Dec 2026', amountCents: 1500, periodFrom: '2026-12-01', periodTo: '2026-12-31', proRated: false },
        { description: 'Wave TV Plus, 20 Nov 2026 to 30 Nov 2026 (pro-rated)', amountCents: 1063, periodFrom: '2026-11-20', periodTo: '2026-11-30', proRated: true },
      ],
    },
    {
      kind: 'roaming',
      label: 'Roaming',
      totalCents: 2430,
      lines: [
        { description: 'Roaming data in Italy (Zone 1): 120 MB beyond the 1 GB included, CHF 0.15/MB', amountCents: 1800, periodFrom: '2026-11-12', periodTo: '2026-11-19', proRated: false },
        { description: 'Outgoing calls in Italy (Zone 1): 18 min, CHF 0.35/min', amountCents: 630, periodFrom: '2026-11-12', periodTo: '2026-11-19', proRated: false },
      ],
    },
    {
      kind: 'discount',
      label: 'Discounts',
      totalCents: -2000,
      lines: [
        { description: 'Wave Duo discount (internet + TV), Dec 2026', amountCents: -1000, periodFrom: '2026-12-01', periodTo: '2026-12-31', proRated: false },
        { description: 'Combo discount Wave Mobile M, Dec 2026', amountCents: -1000, periodFrom: '2026-12-01', periodTo: '2026-12-31', proRated: false },
      ],
    },
  ],
  explanations: ['Invoice INV-2026-12-100233 was issued on 1 Dec 2026 for CHF 118.30.'],
  previous: { id: 'INV-2026-11-100232', totalCents: 9400, differenceCents: 2430 },
};

export const availablePlans: AvailablePlans = {
  current: [
    { kind: 'internet', planId: 'wave-home-500', name: 'Wave Home 500', monthlyPriceCents: 6400, pending: null },
    { kind: 'mobile', planId: 'wave-mobile-m', name: 'Wave Mobile M', monthlyPriceCents: 3500, pending: null },
  ],
  options: [
    {
      planId: 'wave-home-1000',
      name: 'Wave Home 1000',
      kind: 'internet',
      summary: '1000/500 Mbit/s download/upload, fibre, modem rental included',
      monthlyPriceCents: 7900,
      priceDifferenceCents: 1500,
      monthlyTotalDifferenceCents: 1500,
      direction: 'upgrade',
      effectiveOn: '2026-12-03',
      feeCents: 0,
      changeBlocked: null,
    },
    {
      planId: 'wave-home-100',
      name: 'Wave Home 100',
      kind: 'internet',
      summary: '100/20 Mbit/s download/upload, copper (VDSL) or fibre, modem rental included',
      monthlyPriceCents: 4900,
      priceDifferenceCents: -1500,
      monthlyTotalDifferenceCents: -1500,
      direction: 'downgrade',
      effectiveOn: '2027-01-01',
      feeCents: 4900,
      changeBlocked: null,
    },
    {
      planId: 'wave-mobile-s',
      name: 'Wave Mobile S',
      kind: 'mobile',
      summary: '3 GB data in Switzerland, unlimited calls and SMS in Switzerland, up to 100 Mbit/s, no roaming included',
      monthlyPriceCents: 1900,
      priceDifferenceCents: -1600,
      monthlyTotalDifferenceCents: -600,
      direction: 'downgrade',
      effectiveOn: '2027-01-01',
      feeCents: 0,
      changeBlocked: {
        reason: 'plan_change_this_month',
        message: 'Your mobile plan was already changed this month (on 2 Dec 2026); a plan can be changed once per calendar month. You can change it again from 1 Jan 2027.',
      },
    },
  ],
  unavailable: [
    { planId: 'wave-fiber-10g', name: 'Wave Fiber 10G', kind: 'internet', monthlyPriceCents: 9900, reason: 'plan_not_in_area', message: 'Wave Fiber 10G is not offered in your area.' },
  ],
  notes: [],
};

export const freeSlots: FreeSlots = {
  area: { id: 'zurich', name: 'Zürich' },
  from: '2026-12-04',
  days: 7,
  slots: [
    slot(51, '2026-12-04', '12:00', '16:00', 'Fri 4 Dec 2026, 12:00–16:00'),
    slot(52, '2026-12-05', '08:00', '13:00', 'Sat 5 Dec 2026, 08:00–13:00'),
    slot(53, '2026-12-07', '16:00', '20:00', 'Mon 7 Dec 2026, 16:00–20:00'),
  ],
};

export const outageStatus: OutageStatus = {
  area: { id: 'zurich', name: 'Zürich' },
  ongoing: [
    {
      id: 7,
      service: 'internet',
      affectsYou: true,
      startedAt: '2026-12-02T14:30:00+01:00',
      expectedEndAt: '2026-12-03T20:00:00+01:00',
      resolvedAt: null,
      description: 'Internet: slow connections in Zürich Seefeld (8008) during a fibre repair.',
    },
  ],
  planned: [
    {
      id: 8,
      service: 'tv',
      affectsYou: true,
      startedAt: '2026-12-09T01:00:00+01:00',
      expectedEndAt: '2026-12-09T05:00:00+01:00',
      resolvedAt: null,
      description: 'TV: maintenance of the TV platform.',
    },
  ],
  recentlyResolved: [
    { id: 6, service: 'mobile', affectsYou: true, startedAt: '2026-12-02T06:00:00+01:00', expectedEndAt: null, resolvedAt: '2026-12-02T09:15:00+01:00', description: '' },
  ],
  summary: 'There is an ongoing internet outage in the Zürich area since 2 Dec 2026 14:30, expected to be fixed by 3 Dec 2026 20:00.',
  notes: [
    'Outages of more than 24 hours are compensated automatically on your next invoice (1/30 of the monthly fee of the affected service per started day).',
    'If the internet outage lasts more than 24 hours, you can activate free backup data for your Alpenwave mobile in the app (Service status > Activate backup data).',
  ],
};

export const modemStatus: { devices: DeviceView[] } = {
  devices: [
    {
      id: 'd3f1e4c6-0000-4000-8000-000000000001',
      model: 'Box 3',
      serial: 'AW3-1903-59381',
      firmware: '3.9.1',
      latestFirmware: '3.9.4',
      firmwareUpToDate: false,
      status: 'offline',
      lastSeenAt: '2026-12-01T09:12:00+01:00',
      lastRestartAt: null,
      advice: ['Your Box 3 has not been reachable since 1 Dec 2026 at 09:12.'],
    },
  ],
};

export const onlineModem: DeviceView = {
  id: 'd3f1e4c6-0000-4000-8000-000000000002',
  model: 'Box 5',
  serial: 'AW5-2308-48271',
  firmware: '5.4.2',
  latestFirmware: '5.4.2',
  firmwareUpToDate: true,
  status: 'online',
  lastSeenAt: '2026-12-03T10:41:00+01:00',
  lastRestartAt: '2026-11-21T22:05:00+01:00',
  advice: ['Your Box 5 is online (last contact 3 Dec 2026 at 10:41).'],
};

export const planChangeUpgrade: PlanChangeResult = {
  subscriptionId: 'b1f0c2a4-0000-4000-8000-000000000001',
  kind: 'internet',
  from: { planId: 'wave-home-500', name: 'Wave Home 500', monthlyPriceCents: 6400 },
  to: { planId: 'wave-home-1000', name: 'Wave Home 1000', monthlyPriceCents: 7900 },
  direction: 'upgrade',
  effectiveOn: '2026-12-03',
  immediate: true,
  priceDifferenceCents: 1500,
  monthlyTotalDifferenceCents: 1500,
  feeCents: 0,
  summary: 'Your internet plan changes from Wave Home 500 to Wave Home 1000 within 24 hours. Your monthly total changes by +CHF 15.00.',
};

export const planChangeDowngrade: PlanChangeResult = {
  subscriptionId: 'b1f0c2a4-0000-4000-8000-000000000002',
  kind: 'mobile',
  from: { planId: 'wave-mobile-m', name: 'Wave Mobile M', monthlyPriceCents: 3500 },
  to: { planId: 'wave-mobile-s', name: 'Wave Mobile S', monthlyPriceCents: 1900 },
  direction: 'downgrade',
  effectiveOn: '2027-01-01',
  immediate: false,
  priceDifferenceCents: -1600,
  monthlyTotalDifferenceCents: -600,
  feeCents: 0,
  summary: 'Your mobile plan changes from Wave Mobile M to Wave Mobile S on 1 Jan 2027. Your monthly total changes by -CHF 6.00.',
};

export const rescheduleResult: RescheduleResult = {
  appointmentId: 'c2e0d3b5-0000-4000-8000-000000000001',
  kind: 'repair',
  from: slot(41, '2026-12-08', '08:00', '12:00', 'Tue 8 Dec 2026, 08:00–12:00'),
  to: slot(53, '2026-12-10', '16:00', '20:00', 'Thu 10 Dec 2026, 16:00–20:00'),
  feeCents: 0,
  summary: 'Your repair appointment has been moved to Thu 10 Dec 2026, 16:00–20:00.',
};

export const restartResult: RestartResult = {
  deviceId: 'd3f1e4c6-0000-4000-8000-000000000002',
  model: 'Box 5',
  serial: 'AW5-2308-48271',
  restartedAt: '2026-12-03T10:45:00+01:00',
  backOnlineInMinutes: 3,
  summary: 'Your Box 5 is restarting and should be back online in about 3 minutes.',
};

export const degradedDiagnostic: LineDiagnostic = {
  deviceId: 'd3f1e4c6-0000-4000-8000-000000000002',
  model: 'Box 5',
  serial: 'AW5-2308-48271',
  technology: 'fibre',
  testedAt: '2026-12-03T10:50:00+01:00',
  sync: { status: 'up', downstreamMbps: 500, upstreamMbps: 100, planDownstreamMbps: 500, planUpstreamMbps: 100 },
  signal: { kind: 'fibre', rxPowerDbm: -26.7, txPowerDbm: 2.3, rating: 'weak' },
  errors: { crcLastHour: 154, fecLastHour: 120, rating: 'high' },
  verdict: 'degraded',
  advice: [
    'The line works but its quality is below normal, which can cause drop-outs. A technician can check it: repairs of faults in our network are free of charge.',
    'A firmware update (5.4.2) is pending; it installs automatically at night.',
  ],
};

export const noSignalDiagnostic: LineDiagnostic = {
  deviceId: 'd3f1e4c6-0000-4000-8000-000000000001',
  model: 'Box 3',
  serial: 'AW3-1903-59381',
  technology: 'copper',
  testedAt: '2026-12-03T10:50:00+01:00',
  sync: { status: 'down', downstreamMbps: null, upstreamMbps: null, planDownstreamMbps: 100, planUpstreamMbps: 20 },
  signal: { kind: 'copper', snrMarginDb: null, attenuationDb: null, rating: 'none' },
  errors: null,
  verdict: 'no_signal',
  advice: [
    'We see no signal from your Box 3 on the line. Check that the Box has power and that the cable to the phone outlet is firmly plugged in (a red blinking Internet light means no line signal).',
    'If it stays offline, a technician can check the line: repairs of faults in our network are free of charge.',
  ],
};

export const healthyCopperDiagnostic: LineDiagnostic = {
  ...noSignalDiagnostic,
  sync: { status: 'up', downstreamMbps: 96, upstreamMbps: 19, planDownstreamMbps: 100, planUpstreamMbps: 20 },
  signal: { kind: 'copper', snrMarginDb: 9.4, attenuationDb: 18.2, rating: 'good' },
  errors: { crcLastHour: 12, fecLastHour: 830, rating: 'ok' },
  verdict: 'ok',
  advice: ['Your line looks healthy: the Box is in sync at the expected speed with a good signal and few errors.', 'If the connection still feels slow, test with a cable at alpenwave.ch/speedtest; Wi-Fi is often the bottleneck.'],
};

export const emailUpdate: ContactUpdateResult = { field: 'email', before: 'anna.meier@example.ch', after: 'anna.meier@bluewin.ch', summary: 'Your email address is now anna.meier@bluewin.ch.' };

export const phoneUpdate: ContactUpdateResult = { field: 'phone', before: '+41 79 482 73 61', after: '+41 78 555 12 34', summary: 'Your phone number is now +41 78 555 12 34.' };

export const callbackRequest: CallbackRequest = {
  handoff: { reason: 'customer_request', note: 'Call-back requested by Anna Meier (AW-10482736) on +41 79 482 73 61, in German. Topic: roaming charges.' },
  phone: '+41 79 482 73 61',
  language: 'de',
  customerNumber: 'AW-10482736',
  topic: 'roaming charges',
  summary: 'A person from our support team will call you back on +41 79 482 73 61.',
};

/** The language detectLanguage() sees in a text, numbers stripped (amounts and dates say nothing). */
export function languageOf(text: string): string | undefined {
  return detectLanguage(text.replace(/\d/g, ''));
}
