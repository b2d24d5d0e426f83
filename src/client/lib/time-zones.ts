// The IANA time zones the browser knows, as select options ("Europe/Paris (GMT+01:00)"), for the
// customer and location forms. Built once, on first use; the zone a record already has stays listed.

let cached: { value: string; label: string }[] | null = null;

function offsetOf(zone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    return '';
  }
}

/** Every zone, by name, with its current offset from UTC. */
export function timeZoneOptions(current?: string | null): { value: string; label: string }[] {
  if (!cached) {
    const now = new Date();
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Europe/Paris'];
    cached = [...new Set(['UTC', ...zones])]
      .sort()
      .map((zone) => ({ value: zone, label: `${zone.replace(/_/g, ' ')} (${offsetOf(zone, now) || 'GMT'})` }));
  }
  if (current && !cached.some((o) => o.value === current)) return [{ value: current, label: current }, ...cached];
  return cached;
}
