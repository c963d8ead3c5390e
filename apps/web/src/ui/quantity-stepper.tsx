// A quantity input with minus and plus buttons, kept between min and max.
import { Minus, Plus } from 'lucide-react';

interface QuantityStepperProps {
  value: number;
  min?: number;
  max: number;
  onChange: (value: number) => void;
  label?: string;
}

export function QuantityStepper({
  value,
  min = 1,
  max,
  onChange,
  label = 'Quantity',
}: QuantityStepperProps) {
  const top = Math.max(min, max);
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex items-center rounded-full border border-line"
    >
      <button
        type="button"
        aria-label="Decrease quantity"
        disabled={value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
        className="flex h-11 w-11 items-center justify-center rounded-full disabled:opacity-40"
      >
        <Minus aria-hidden="true" size={18} />
      </button>
      <output aria-live="polite" className="w-10 text-center text-lg font-bold">
        {value}
      </output>
      <button
        type="button"
        aria-label="Increase quantity"
        disabled={value >= top}
        onClick={() => onChange(Math.min(top, value + 1))}
        className="flex h-11 w-11 items-center justify-center rounded-full disabled:opacity-40"
      >
        <Plus aria-hidden="true" size={18} />
      </button>
    </div>
  );
}
