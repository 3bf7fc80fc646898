import { describe, expect, it } from 'vitest';
import { isTimeZone } from '../contract/dashboard.js';
import { COUNTRY_TIME_ZONES, timeZoneOfCountry } from './warehouse.js';

describe("a warehouse's time zone from its country", () => {
  it('names a real IANA zone for every country it knows', () => {
    for (const [country, zone] of Object.entries(COUNTRY_TIME_ZONES)) {
      expect(country).toMatch(/^[A-Z]{2}$/);
      expect(isTimeZone(zone), `${country} ${zone}`).toBe(true);
    }
  });

  it('gives a Thai warehouse Bangkok time, in any case of the code', () => {
    expect(timeZoneOfCountry('TH')).toBe('Asia/Bangkok');
    expect(timeZoneOfCountry(' th ')).toBe('Asia/Bangkok');
    expect(timeZoneOfCountry('VN')).toBe('Asia/Ho_Chi_Minh');
  });

  it('names none for a country spread over several zones, or an unknown code', () => {
    expect(timeZoneOfCountry('US')).toBeUndefined();
    expect(timeZoneOfCountry('ID')).toBeUndefined();
    expect(timeZoneOfCountry('constructor')).toBeUndefined();
  });
});
