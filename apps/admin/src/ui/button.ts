// The shop's button look (apps/web/src/ui/dialog.tsx), in four tones.
type ButtonTone = 'primary' | 'accent' | 'ghost' | 'danger';

const tones: Record<ButtonTone, string> = {
  primary: 'bg-ink text-white hover:bg-ink-3',
  accent: 'bg-volt text-ink hover:bg-volt-dark',
  ghost: 'border border-line bg-white text-ink hover:bg-paper',
  danger: 'bg-sale text-white hover:bg-red-800',
};

export function buttonClass(tone: ButtonTone = 'primary', extra = ''): string {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${tones[tone]} ${extra}`;
}

/** A small button for table rows. */
export function smallButtonClass(tone: ButtonTone = 'ghost', extra = ''): string {
  return `inline-flex min-h-9 items-center justify-center rounded-full px-3.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${tones[tone]} ${extra}`;
}
