// The discount price, with the original struck through when it is higher.
import { formatRupees } from '@kitroom/contract';

interface PriceProps {
  price: number;
  discountPrice: number;
  size?: 'sm' | 'lg';
}

export function Price({ price, discountPrice, size = 'sm' }: PriceProps) {
  const big = size === 'lg';
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={`font-bold text-ink ${big ? 'text-3xl' : 'text-base'}`}>
        <span className="sr-only">Price </span>
        {formatRupees(discountPrice)}
      </span>
      {price > discountPrice && (
        <s className={`text-muted ${big ? 'text-lg' : 'text-sm'}`}>
          <span className="sr-only">Original price </span>
          {formatRupees(price)}
        </s>
      )}
    </p>
  );
}
