// Sends a CSV file to the import endpoint and reads its NDJSON response line by line as it
// arrives: progress lines while the server reads, compares and applies, then the result.
import {
  adminEndpoints,
  CatalogueImportLine,
  type CatalogueImportResult,
} from '@kitroom/contract/admin';
import { ApiError, UNREACHABLE } from '@/api/client';

export type ImportProgressLine = Extract<CatalogueImportLine, { type: 'progress' }>;

const endpoint = adminEndpoints.importCatalogueCsv;

/** Runs a dry run or an apply of `file`; `onProgress` sees each progress line. */
export async function runImport(
  file: Blob,
  mode: 'dry-run' | 'apply',
  plan: string | undefined,
  onProgress: (line: ImportProgressLine) => void,
): Promise<CatalogueImportResult> {
  const query = new URLSearchParams({ mode, ...(plan ? { plan } : {}) });
  let res: Response;
  try {
    res = await fetch(`${endpoint.path}?${query.toString()}`, {
      method: endpoint.method,
      credentials: 'same-origin',
      headers: { accept: 'application/x-ndjson', 'content-type': 'text/csv' },
      body: file,
    });
  } catch {
    throw new ApiError(UNREACHABLE, 0, 'importCatalogueCsv');
  }
  if (!res.ok || !res.body) {
    const json: unknown = await res.json().catch(() => undefined);
    const text =
      json && typeof json === 'object' && 'error' in json && typeof json.error === 'string'
        ? json.error
        : `The shop responded with an error (${res.status}). Please try again.`;
    throw new ApiError(text, res.status, 'importCatalogueCsv');
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  let result: CatalogueImportResult | undefined;
  const take = (text: string) => {
    if (text.trim() === '') return;
    const json: unknown = JSON.parse(text);
    // The server's last word when it stopped unexpectedly (nothing was changed).
    if (json && typeof json === 'object' && 'type' in json && json.type === 'failed') {
      const error = 'error' in json && typeof json.error === 'string' ? json.error : UNREACHABLE;
      throw new ApiError(error, 500, 'importCatalogueCsv');
    }
    const line = CatalogueImportLine.parse(json);
    if (line.type === 'progress') onProgress(line);
    else result = line;
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    lines.forEach(take);
  }
  take(buffered + decoder.decode());
  if (!result) throw new ApiError(UNREACHABLE, 0, 'importCatalogueCsv');
  return result;
}

/** How far along, 0 to 1: reading is the first half (by bytes), comparing and applying the rest. */
export function progressShare(line: ImportProgressLine, fileSize: number): number {
  const of = line.of ?? 0;
  const part = of > 0 ? line.rows / of : 0;
  if (line.phase === 'reading') return fileSize > 0 ? Math.min(1, line.bytes / fileSize) * 0.5 : 0;
  if (line.phase === 'comparing') return 0.5 + part * 0.5;
  return part;
}
