import { describe, expect, it } from 'vitest';
import { EMPTY_WHOLESALE, wholesaleApplication, wholesaleProblems } from './wholesale-rules';

const good = {
  ...EMPTY_WHOLESALE,
  requesting_person: 'Rahul Nair',
  contact_number: '9876543210',
  shop_name: 'Malabar Sports',
  shop_location: 'Kozhikode',
};

describe('wholesale form rules', () => {
  it("says it in the spec's words", () => {
    expect(wholesaleProblems(EMPTY_WHOLESALE)).toMatchObject({
      requesting_person: 'Please enter your name.',
      contact_number: 'Please enter a valid 10-digit mobile number.',
    });
    expect(wholesaleProblems({ ...good, contact_number: '5876543210' })).toEqual({
      contact_number: 'Please enter a valid 10-digit mobile number.',
    });
    expect(wholesaleProblems({ ...good, gst: '27AAPFU0939F1ZX' })).toEqual({
      gst: 'Please enter a valid GST number.',
    });
  });

  it('takes a valid GSTIN in any case, or none', () => {
    expect(wholesaleProblems({ ...good, gst: '27aapfu0939f1zv' })).toEqual({});
    expect(wholesaleProblems(good)).toEqual({});
    expect(wholesaleApplication({ ...good, gst: ' 27aapfu0939f1zv ' }).gst).toBe('27AAPFU0939F1ZV');
    expect(wholesaleApplication(good).gst).toBeNull();
  });
});
