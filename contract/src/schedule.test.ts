import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, digestBody, TIME_ZONE_MESSAGE, tenantSettings } from './schedule.ts';

describe('tenant settings', () => {
  it('takes IANA time zones and names them canonically', () => {
    expect(tenantSettings.parse({ time_zone: ' Europe/Berlin ' })).toEqual({
      time_zone: 'Europe/Berlin',
    });
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
  });

  it('refuses what is not a time zone with one message', () => {
    for (const time_zone of ['Mars/Olympus', '', 'x'.repeat(100), 42]) {
      const issues = tenantSettings.safeParse({ time_zone }).error?.issues ?? [];
      expect(issues.map((issue) => issue.message)).toEqual([TIME_ZONE_MESSAGE]);
    }
  });
});

describe('digest body', () => {
  it('takes daily or weekly only', () => {
    expect(digestBody.parse({ frequency: 'weekly' })).toEqual({ frequency: 'weekly' });
    expect(digestBody.safeParse({ frequency: 'immediate' }).success).toBe(false);
    expect(digestBody.safeParse({}).success).toBe(false);
  });
});
