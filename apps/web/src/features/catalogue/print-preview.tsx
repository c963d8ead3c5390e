// The print preview (decision 049): the name and number drawn over the shirt's picture in the
// product's lettering colour. Its own chunk (React.lazy in product-printing.tsx): it is loaded
// once the shopper starts typing, so the product page's first load does not carry it.
import { ProductImage } from '@/ui/product-image';
import { printLabel } from '@kitroom/contract';

export interface PrintPreviewProps {
  imagePath: string;
  shirtName: string;
  /** As typed, in capitals; '' none. */
  name: string;
  /** As typed; '' none. */
  number: string;
  /** '#RRGGBB'. */
  colour: string;
}

/** The name's letters shrink so that twelve of them still fit across the back. */
export function nameFontSize(name: string): number {
  return Math.min(76, Math.floor(470 / Math.max(1, name.length * 0.68)));
}

export default function PrintPreview({
  imagePath,
  shirtName,
  name,
  number,
  colour,
}: PrintPreviewProps) {
  const label = printLabel({
    name,
    number: number === '' ? null : Number(number),
    patch: false,
  });
  return (
    <figure data-testid="print-preview" className="mx-auto w-full max-w-48 shrink-0 sm:mx-0">
      <div
        role="img"
        aria-label={`Preview of ${label} on the shirt`}
        className="relative overflow-hidden rounded-xl bg-paper"
      >
        {/* Faded, so the lettering the photo already has does not fight the shopper's. */}
        <div className="opacity-45">
          <ProductImage
            path={imagePath}
            alt=""
            name={shirtName}
            width={600}
            height={600}
            sizes="192px"
          />
        </div>
        <svg
          viewBox="0 0 600 600"
          aria-hidden="true"
          focusable="false"
          className="absolute inset-0 h-full w-full font-display"
        >
          <g
            fill={colour}
            stroke="#0b1220"
            strokeOpacity={0.7}
            strokeWidth={10}
            paintOrder="stroke"
            fontWeight={800}
            textAnchor="middle"
          >
            {name !== '' && (
              <text x={300} y={235} fontSize={nameFontSize(name)} letterSpacing={3}>
                {name}
              </text>
            )}
            {number !== '' && (
              <text x={300} y={440} fontSize={200}>
                {number}
              </text>
            )}
          </g>
        </svg>
      </div>
      <figcaption className="mt-1 text-center text-xs text-muted">Preview</figcaption>
    </figure>
  );
}
