// The shop's loading animation: three bouncing dots above a filling bar.
interface LoaderProps {
  label?: string;
  className?: string;
}

export function Loader({ label = 'Loading', className = '' }: LoaderProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex flex-col items-center justify-center gap-3 py-10 ${className}`}
    >
      <div className="flex gap-2" aria-hidden="true">
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            className="h-3 w-3 animate-dot rounded-full bg-ink"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </div>
      <div className="h-1.5 w-24 overflow-hidden rounded-full bg-line" aria-hidden="true">
        <div className="h-full w-full origin-left animate-fill rounded-full bg-volt-dark" />
      </div>
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** The loader over the whole screen (add to cart, opening a similar product). */
export function LoadingOverlay({ label }: { label: string }) {
  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-white/80 backdrop-blur-sm">
      <Loader label={label} />
    </div>
  );
}
