// The product pictures: a main image, thumbnails, and a full-screen zoom (its code loads when
// it first opens).
import { Maximize2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import { lazyPart } from '@/ui/lazy-part';
import { ProductImage } from '@/ui/product-image';

const GalleryZoom = lazyPart(() => import('./gallery-zoom'));

interface GalleryProps {
  name: string;
  images: string[];
}

export function ProductGallery({ name, images }: GalleryProps) {
  const [index, setIndex] = useState(0);
  const [zoomOpen, setZoomOpen] = useState(false);
  const current = images[Math.min(index, images.length - 1)];

  return (
    <div className="flex flex-col gap-3 self-start md:sticky md:top-20 md:flex-row-reverse md:items-start">
      <div className="relative flex-1 overflow-hidden rounded-2xl bg-paper">
        <ProductImage
          key={current}
          path={current}
          alt={name}
          priority
          sizes="(min-width: 768px) 50vw, 100vw"
        />
        {current && (
          <button
            type="button"
            onClick={() => setZoomOpen(true)}
            aria-label="Zoom image"
            className="absolute right-3 bottom-3 flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-ink shadow hover:bg-white"
          >
            <Maximize2 aria-hidden="true" size={20} />
          </button>
        )}
      </div>
      {images.length > 1 && (
        <ul className="flex gap-2 md:w-20 md:flex-col" aria-label="Product images">
          {images.map((path, i) => (
            <li key={path} className="w-20">
              <button
                type="button"
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-current={i === index}
                onClick={() => setIndex(i)}
                className={`block w-full overflow-hidden rounded-xl border-2 ${i === index ? 'border-ink' : 'border-transparent opacity-80 hover:opacity-100'}`}
              >
                <ProductImage path={path} alt="" width={80} height={80} sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      )}

      {zoomOpen && current && (
        <Suspense fallback={null}>
          <GalleryZoom
            name={name}
            images={images}
            current={current}
            index={index}
            onShow={setIndex}
            onClose={() => setZoomOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
