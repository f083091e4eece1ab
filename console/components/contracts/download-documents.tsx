/**
 * Downloads the checked contracts' PDFs as one zip (contract/exportFiles, at most 200). Shared by the
 * contract list and the intermediary group's contract download page (features do not import each
 * other).
 */
import { useState } from 'react';
import { callApi } from '@shared/api/call';
import { contractCalls } from '@shared/calls/contracts';
import { toAppError } from '@shared/errors/app-error';
import { Button } from '@shared/ui/button';
import { useApi } from '@console/lib/api';
import { saveBlob } from '@console/kit/download';

export function DownloadDocuments({
  ids,
  onDone,
  fileName = '合同文本.zip',
}: {
  ids: readonly number[];
  onDone: () => void;
  fileName?: string;
}) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const blob = await callApi(api, contractCalls.exportFiles, { contractIds: ids.join(',') });
      saveBlob(blob as Blob, fileName);
      onDone();
    } catch (failure) {
      setError(toAppError(failure).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" onClick={() => void download()} disabled={busy || ids.length === 0}>
        打包下载合同文本（{ids.length} 份）
      </Button>
      {error ? <span role="alert">{error}</span> : null}
    </>
  );
}
