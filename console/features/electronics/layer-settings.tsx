/**
 * 图层设置 (the keepers): name, level, look; the label field among the layer's attributes. Loaded with
 * the first press of a layer's 设置 (deferredDialog), so 地图管理 loads no form code before that.
 */
import type { LayerRow } from '@shared/calls/electronics';
import { electronicsCalls } from '@shared/calls/electronics';
import { classification } from '@shared/domain/electronics';
import { layerUpdateSchema } from '@shared/validation/electronics';
import type { ActionOutcome } from '@console/kit/confirm-action';
import type { DeferredDialogProps, LoadedDialogProps } from '@console/kit/deferred-dialog';
import { FormDialog, TextField, useContractForm } from '@console/kit/form';
import { useCallMutation } from '@console/kit/query';
import { settingsOf } from './layer-settings-values';

export interface LayerSettingsProps extends DeferredDialogProps {
  row: LayerRow;
  onDone: (outcome: ActionOutcome) => void;
}

export default function LayerSettings({ row, onDone, ...dialog }: LayerSettingsProps & LoadedDialogProps) {
  const form = useContractForm(layerUpdateSchema, settingsOf(row));
  const update = useCallMutation(electronicsCalls.layerUpdate, {
    invalidates: [electronicsCalls.layerMap, electronicsCalls.layerList],
  });
  return (
    <FormDialog
      {...dialog}
      title={`图层设置：${row.name}`}
      description="名称和密级的修改会在元数据哈希链上追加新版本；样式只影响地图显示。"
      form={form}
      fields={{
        name: '名称',
        color: '线条颜色',
        width: '线宽',
        fill: '填充颜色',
        fillOpacity: '填充透明度',
        labelField: '标注字段',
        classification: '密级',
      }}
      submitLabel="保存"
      onSubmit={async (values) =>
        onDone({ tone: 'success', text: (await update.mutateAsync(values)).message })
      }
    >
      <TextField form={form} name="name" label="名称" />
      <TextField form={form} name="color" label="线条颜色" type="color" />
      <TextField form={form} name="width" label="线宽" type="number" hint="0.5 到 10" />
      <TextField form={form} name="fill" label="填充颜色" hint="如 #4a7cc0；留空则面不填充" />
      <TextField
        form={form}
        name="fillOpacity"
        label="填充透明度"
        type="number"
        hint="0（透明）到 1（不透明）"
      />
      <TextField
        form={form}
        name="labelField"
        label="标注字段"
        hint="地图放大到街道级别时显示；不选则不标注"
        options={row.fields.map((field) => ({ value: field, label: field }))}
      />
      <TextField
        form={form}
        name="classification"
        label="密级"
        options={classification.entries.map((entry) => ({ value: entry.value, label: entry.label }))}
      />
    </FormDialog>
  );
}
