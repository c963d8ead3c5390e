import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '@/test/fake-api';
import ReferralKeeper from './referral-keeper';
import { eventually } from '@/test/eventually';

const DAY = 24 * 3600_000;

describe('the referral keeper', () => {
  it('reports a day-old affiliate code again and renews its timestamp, once per page load', async () => {
    const clicked = Date.now() - 2 * DAY;
    localStorage.setItem('affiliate_data', JSON.stringify({ id: 'KOCHI10', timestamp: clicked }));
    localStorage.setItem(
      'google_code_data',
      JSON.stringify({ code: 'IGDROP', timestamp: Date.now() - 2 * DAY }),
    );
    const api = fakeApi();
    api.on('user_affiliate.php', () => ok({ success: true, valid: true, counted: true }));
    render(<ReferralKeeper />);
    await eventually(() =>
      expect(JSON.parse(localStorage.getItem('affiliate_data')!).timestamp).toBeGreaterThan(
        clicked,
      ),
    );
    expect(api.calls['user_affiliate.php']).toEqual([
      expect.objectContaining({ affiliate_code: 'KOCHI10', type: 'refresh' }),
    ]);
    // The campaign code is past its 24 hours: dropped, not reported.
    expect(localStorage.getItem('google_code_data')).toBeNull();
    expect(api.calls['google_code.php']).toBeUndefined();

    render(<ReferralKeeper />);
    expect(api.calls['user_affiliate.php']).toHaveLength(1);
  });
});
