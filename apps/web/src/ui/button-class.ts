// The button look used across the shop, apart from the dialogs so that a page's buttons do not
// bring the dialog code with them.

type ButtonTone = 'primary' | 'accent' | 'ghost';

const tones: Record<ButtonTone, string> = {
  primary: 'bg-ink text-white hover:bg-ink-3',
  accent: 'bg-volt text-ink hover:bg-volt-dark',
  ghost: 'border border-line bg-white text-ink hover:bg-paper',
};

/** The button look used across the shop. */
export function buttonClass(tone: ButtonTone = 'primary', extra = ''): string {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${tones[tone]} ${extra}`;
}
