import { describe, expect, it } from 'vitest';
import { rupeesInWords } from './amount-words.js';

describe('rupeesInWords', () => {
  it('writes rupees and paise the Indian way', () => {
    expect(rupeesInWords(129_950)).toBe(
      'Rupees One Thousand Two Hundred Ninety Nine and Fifty Paise Only',
    );
    expect(rupeesInWords(100)).toBe('Rupees One Only');
    expect(rupeesInWords(5)).toBe('Rupees Zero and Five Paise Only');
    // One paisa is singular; two and more are paise.
    expect(rupeesInWords(295_001)).toBe(
      'Rupees Two Thousand Nine Hundred Fifty and One Paisa Only',
    );
    expect(rupeesInWords(1)).toBe('Rupees Zero and One Paisa Only');
    expect(rupeesInWords(102)).toBe('Rupees One and Two Paise Only');
    expect(rupeesInWords(1_000_000)).toBe('Rupees Ten Thousand Only');
    expect(rupeesInWords(12_345_678_99)).toBe(
      'Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight and Ninety Nine Paise Only',
    );
    expect(rupeesInWords(2_500_000_000_00)).toBe('Rupees Two Hundred Fifty Crore Only');
    expect(rupeesInWords(10_100_011_00)).toBe('Rupees One Crore One Lakh Eleven Only');
  });
});
