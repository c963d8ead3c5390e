// The shopper's pincode, remembered in this browser (localStorage) once they have checked it
// on a product page or typed it at checkout, so the next product page promises a date at once.
import { PINCODE_PATTERN } from '@kitroom/contract';

export const PINCODE_KEY = 'kitroom.pincode';

export function rememberedPincode(): string | null {
  try {
    const value = localStorage.getItem(PINCODE_KEY);
    return value && PINCODE_PATTERN.test(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberPincode(pincode: string): void {
  try {
    localStorage.setItem(PINCODE_KEY, pincode);
  } catch {
    // Private mode or a full quota: the box simply starts empty next time.
  }
}
