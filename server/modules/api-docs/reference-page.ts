/**
 * The browsable API reference: one static HTML page from the OpenAPI document, operations grouped
 * by domain, each with its method, path, roles, parameters, body fields and answer.
 */
import { roleName } from '@shared/domain/roles';

type Json = Record<string, unknown>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A compact type text of a JSON schema ('integer ≥ 1', 'string ≤ 500', 'array of integer', …). */
function typeText(schema: Json | undefined): string {
  if (!schema) return '';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(typeText).join(' | ');
  if (Array.isArray(schema.oneOf)) return (schema.oneOf as Json[]).map(typeText).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? 'any');
  if (type === 'array') return `array of ${typeText(schema.items as Json | undefined)}`;
  const bounds = [
    schema.minimum !== undefined ? `≥ ${String(schema.minimum)}` : '',
    schema.maximum !== undefined ? `≤ ${String(schema.maximum)}` : '',
    schema.minLength !== undefined ? `长度 ≥ ${String(schema.minLength)}` : '',
    schema.maxLength !== undefined ? `长度 ≤ ${String(schema.maxLength)}` : '',
    schema.format ? String(schema.format) : '',
    schema.pattern ? `/${String(schema.pattern)}/` : '',
  ].filter(Boolean);
  return [type, ...bounds].join(' ');
}

function fieldsTable(
  caption: string,
  rows: { name: string; where?: string; required: boolean; schema: Json }[],
) {
  if (rows.length === 0) return '';
  const body = rows
    .map(
      (row) =>
        `<tr><td><code>${escapeHtml(row.name)}</code>${row.required ? ' <span class="req">必填</span>' : ''}</td>` +
        (row.where !== undefined ? `<td>${escapeHtml(row.where)}</td>` : '') +
        `<td>${escapeHtml(typeText(row.schema))}</td><td>${escapeHtml(String(row.schema.description ?? ''))}</td></tr>`,
    )
    .join('');
  const where = rows[0]?.where !== undefined ? '<th>位置</th>' : '';
  return `<table><caption>${caption}</caption><thead><tr><th>字段</th>${where}<th>类型</th><th>说明</th></tr></thead><tbody>${body}</tbody></table>`;
}

function objectFields(schema: Json | undefined) {
  const properties = (schema?.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, field]) => ({
    name,
    required: required.has(name),
    schema: field,
  }));
}

function rolesText(ids: string[]): string {
  return ids
    .map((id) => (id === 'public' ? '公开' : id === 'signed-in' ? '已登录用户' : (roleName(id) ?? id)))
    .join('、');
}

function operationHtml(path: string, method: string, op: Json): string {
  const parameters = ((op.parameters ?? []) as Json[]).map((p) => ({
    name: String(p.name),
    where: p.in === 'path' ? '路径' : '查询',
    required: Boolean(p.required),
    schema: (p.schema ?? {}) as Json,
  }));
  const body = op.requestBody as { content: Record<string, { schema: Json }> } | undefined;
  const [bodyType, bodyContent] = body ? (Object.entries(body.content)[0] ?? []) : [];
  const ok = ((op.responses as Json)['200'] as { content: Record<string, { schema: Json }> }).content;
  const [answerType, answer] = Object.entries(ok)[0] ?? [];
  const envelope = answer?.schema;
  const payload =
    (envelope?.properties as Record<string, Json> | undefined)?.data ??
    (envelope?.properties as Record<string, Json> | undefined)?.object ??
    ((envelope?.properties as Record<string, Json> | undefined)?.rows?.items as Json | undefined);
  const envelopeName = envelope?.properties
    ? Object.keys(envelope.properties as Json).join(', ')
    : String(answerType);
  const id = escapeHtml(String(op.operationId));
  return `<section class="op" id="${id}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p class="summary">${escapeHtml(String(op.summary ?? ''))}</p>
${op.description ? `<p>${escapeHtml(String(op.description))}</p>` : ''}
<dl><dt>编号</dt><dd><code>${id}</code></dd><dt>角色</dt><dd>${escapeHtml(rolesText(op['x-roles'] as string[]))}</dd>
<dt>应答</dt><dd><code>${escapeHtml(envelopeName)}</code>（${escapeHtml(String(answerType))}）</dd></dl>
${fieldsTable('参数', parameters)}
${bodyContent ? fieldsTable(`请求体（${escapeHtml(String(bodyType))}）`, objectFields(bodyContent.schema)) : ''}
${payload && objectFields(payload).length > 0 ? fieldsTable('应答数据', objectFields(payload)) : payload ? `<p>应答数据：<code>${escapeHtml(typeText(payload))}</code></p>` : ''}
</section>`;
}

export function renderApiReference(document: Json): string {
  const info = document.info as { title: string; description?: string };
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = (op.tags as string[])[0] ?? '';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(path, method, op)]);
    }
  }
  const toc = [...byTag.keys()]
    .map((tag) => `<li><a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a></li>`)
    .join('');
  const sections = [...byTag.entries()]
    .map(([tag, ops]) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${ops.join('\n')}`)
    .join('\n');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)}</title>
<style>
body{font:15px/1.6 system-ui,"Noto Sans CJK SC",sans-serif;margin:0;color:#1f2933;background:#f5f7fa}
header{background:#0b4f8a;color:#fff;padding:16px 24px}header h1{margin:0;font-size:20px}header a{color:#fff}
main{max-width:1100px;margin:0 auto;padding:16px 24px}nav ul{display:flex;flex-wrap:wrap;gap:8px 16px;padding:0;list-style:none}
h2{border-bottom:2px solid #0b4f8a;padding-bottom:4px;margin-top:32px}
.op{background:#fff;border:1px solid #d9e2ec;border-radius:6px;padding:12px 16px;margin:12px 0}
.op h3{margin:0;font-size:16px;word-break:break-all}.summary{margin:4px 0;font-weight:600}
.method{display:inline-block;min-width:56px;text-align:center;border-radius:4px;color:#fff;font-size:13px;padding:1px 6px}
.get{background:#1f7a4d}.post{background:#0b4f8a}.put{background:#8a5a0b}.delete{background:#a61b1b}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:8px 0}dt{color:#52606d}dd{margin:0}
table{border-collapse:collapse;width:100%;margin:8px 0;font-size:14px}caption{text-align:left;font-weight:600}
th,td{border:1px solid #d9e2ec;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f0f4f8}
.req{color:#a61b1b;font-size:12px}code{font-family:ui-monospace,monospace}
</style></head><body><header><h1>${escapeHtml(info.title)}</h1><p>${escapeHtml(info.description ?? '')} 机器可读文档：<a href="/api-docs/openapi.json">openapi.json</a></p></header>
<main><nav aria-label="接口分组"><ul>${toc}</ul></nav>${sections}</main></body></html>`;
}
