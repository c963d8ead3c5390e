// TanStack Query for every server call. A call refused because the staff session is missing
// or over (401 from a signed-in endpoint) sends the person to the sign-in page, wherever it
// happened; other refusals stay with the page that made the call.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/client';

export function createQueryClient(onSignInNeeded: () => void): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.signInNeeded) onSignInNeeded();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        // A refusal (4xx) is the response; only a failure to reach the shop is tried again.
        retry: (count, error) => error instanceof ApiError && error.status === 0 && count < 2,
        staleTime: 10_000,
      },
    },
  });
}
