// Min and max price inputs (in rupees) over a two-thumb bar, kept at least 5 apart.
import { PRICE_SLIDER_GAP } from '@kitroom/contract';
import { useId } from 'react';
import { clampMax, clampMin, type PriceBounds } from './filter-rules';

interface PriceRangeProps {
  bounds: PriceBounds;
  min: number;
  max: number;
  onChange: (min: number, max: number) => void;
}

const thumb =
  'pointer-events-none absolute inset-x-0 top-0 h-6 w-full appearance-none bg-transparent [&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:h-5 [&::-webkit-slider-thumb]:w-5 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-white [&::-webkit-slider-thumb]:bg-ink [&::-webkit-slider-thumb]:shadow [&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:h-5 [&::-moz-range-thumb]:w-5 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-white [&::-moz-range-thumb]:bg-ink';

export function PriceRange({ bounds, min, max, onChange }: PriceRangeProps) {
  const id = useId();
  const span = Math.max(1, bounds.max - bounds.min);
  const left = ((min - bounds.min) / span) * 100;
  const right = ((max - bounds.min) / span) * 100;
  return (
    <div>
      <div className="grid grid-cols-2 gap-3">
        <label htmlFor={`${id}-min`} className="text-sm font-semibold">
          Min (₹)
          <input
            id={`${id}-min`}
            type="number"
            inputMode="numeric"
            min={bounds.min}
            max={max - PRICE_SLIDER_GAP}
            value={min}
            onChange={(e) => onChange(Number(e.target.value), max)}
            onBlur={() => onChange(clampMin(min, max, bounds), max)}
            className="mt-1 block min-h-11 w-full rounded-lg border border-line px-3 font-normal"
          />
        </label>
        <label htmlFor={`${id}-max`} className="text-sm font-semibold">
          Max (₹)
          <input
            id={`${id}-max`}
            type="number"
            inputMode="numeric"
            min={min + PRICE_SLIDER_GAP}
            max={bounds.max}
            value={max}
            onChange={(e) => onChange(min, Number(e.target.value))}
            onBlur={() => onChange(min, clampMax(max, min, bounds))}
            className="mt-1 block min-h-11 w-full rounded-lg border border-line px-3 font-normal"
          />
        </label>
      </div>
      <div className="relative mt-5 h-6">
        <div className="absolute top-2.5 h-1 w-full rounded-full bg-line" aria-hidden="true" />
        <div
          className="absolute top-2.5 h-1 rounded-full bg-ink"
          style={{ left: `${Math.max(0, left)}%`, right: `${Math.max(0, 100 - right)}%` }}
          aria-hidden="true"
        />
        <input
          type="range"
          aria-label="Minimum price"
          min={bounds.min}
          max={bounds.max}
          value={min}
          onChange={(e) => onChange(clampMin(Number(e.target.value), max, bounds), max)}
          className={thumb}
        />
        <input
          type="range"
          aria-label="Maximum price"
          min={bounds.min}
          max={bounds.max}
          value={max}
          onChange={(e) => onChange(min, clampMax(Number(e.target.value), min, bounds))}
          className={thumb}
        />
      </div>
    </div>
  );
}
