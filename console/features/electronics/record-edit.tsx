/**
 * A record's 修改 button (case, drawing and metadata pages). The edit dialog (./edit-metadata.tsx,
 * with its form) loads with the first press.
 */
import { Button } from '@shared/ui/button';
import { deferredDialog } from '@console/kit/deferred-dialog';

import { text, type EditMetadataProps } from './records';

const EditMetadataDialog = deferredDialog(() => import('./edit-metadata'));

export function EditMetadata(props: EditMetadataProps) {
  return (
    <EditMetadataDialog
      {...props}
      trigger={
        <Button variant="secondary" size="sm" aria-label={`修改 ${text(props.record.content.name)} 的元数据`}>
          修改
        </Button>
      }
    />
  );
}
