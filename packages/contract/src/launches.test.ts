import { describe, expect, it } from 'vitest';
import { admittedBy, turnOf, type QueuePace } from './launches.js';

const start = Date.parse('2026-12-05T13:30:00.000Z');
const pace: QueuePace = { startsAt: start, admitPerMinute: 1800, turnMinutes: 10 };
const joinedEarly = start - 10 * 60_000;

describe('the waiting room lets fans in one at a time, from the first place', () => {
  it('gives the first place its turn at the drop and each next one 60 / admit_per_minute s later', () => {
    expect(turnOf(pace, 1, joinedEarly)).toEqual({ startsAt: start, endsAt: start + 600_000 });
    expect(turnOf(pace, 2, joinedEarly).startsAt - start).toBeCloseTo(1000 / 30);
    expect(turnOf(pace, 31, joinedEarly).startsAt).toBe(start + 1000);
    expect(turnOf({ ...pace, admitPerMinute: 10 }, 3, joinedEarly).startsAt).toBe(start + 12_000);
  });

  it('never starts a turn before the fan joined', () => {
    const late = start + 60_000;
    expect(turnOf(pace, 5, late)).toEqual({ startsAt: late, endsAt: late + 600_000 });
  });

  it('counts as let in exactly the places whose turn has started', () => {
    for (const ms of [0, 1, 33, 34, 999, 1000, 1001, 59_999, 60_000]) {
      const now = start + ms;
      const letIn = admittedBy(pace, 5000, now);
      expect(turnOf(pace, letIn, joinedEarly).startsAt).toBeLessThanOrEqual(now);
      expect(turnOf(pace, letIn + 1, joinedEarly).startsAt).toBeGreaterThan(now);
    }
    expect(admittedBy(pace, 5000, start - 1)).toBe(0);
    expect(admittedBy(pace, 40, start + 60_000)).toBe(40);
  });
});
