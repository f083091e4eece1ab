/**
 * The preview of an archive drawing: a PDF page by page on a canvas; a DXF drawn as SVG, with its
 * layers to switch off and on, wheel zoom and drag to pan; for DWG and other formats, a word to
 * download it. pdf.js and dxf-parser are loaded only when a drawing of theirs is shown, so the
 * console's pages do not carry them.
 */
import { useEffect, useMemo, useRef, useState, type PointerEvent, type RefObject } from 'react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { Button } from '@shared/ui/button';
import { Notice } from '@shared/ui/page';
import type { DxfBounds, DxfDrawing, DxfLayer, DxfShape } from './dxf-drawing';
import './electronics.css';

export interface DrawingPreviewProps {
  /** The file's bytes, by GET; a failure answers JSON `{ message }`. */
  url: string;
  /** 'PDF', 'DXF', 'DWG' or another format. */
  format: string;
  /** The file's name, for the drawing's accessible name. */
  name: string;
}

export function DrawingPreview({ url, format, name }: DrawingPreviewProps) {
  switch (format.toUpperCase()) {
    case 'PDF':
      return <PdfPreview url={url} name={name} />;
    case 'DXF':
      return <DxfPreview url={url} name={name} />;
    case 'DWG':
      return (
        <Notice>DWG 文件暂不支持在线预览，请下载后用 CAD 软件查看（转换为 DXF 或 PDF 后可在线预览）。</Notice>
      );
    default:
      return <Notice>该格式暂不支持在线预览，请下载查看。</Notice>;
  }
}

// ---- Loading

type Opened<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; value: T };

/** Parsing runs in the page: a larger DXF would hold the browser up for long. */
const MAX_DXF_BYTES = 40 * 1024 * 1024;

async function fetchFile(url: string, signal: AbortSignal): Promise<ArrayBuffer> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new Error('网络异常，预览加载失败，请稍后重试。', { cause: error });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(
      typeof body?.message === 'string' ? body.message : `预览加载失败（HTTP ${response.status}）。`,
    );
  }
  return response.arrayBuffer();
}

/**
 * The file at `url`, opened by `open`; `close` releases what a load opened once it is superseded or
 * the preview goes. `open` and `close` are module functions, so the load runs once per URL.
 */
function useOpenedFile<T>(
  url: string,
  open: (bytes: ArrayBuffer) => Promise<T>,
  close?: (value: T) => void,
): Opened<T> {
  const [result, setResult] = useState<{ url: string; opened: Opened<T> } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let value: T | undefined;
    fetchFile(url, controller.signal)
      .then(open)
      .then(
        (opened) => {
          if (controller.signal.aborted) {
            close?.(opened);
            return;
          }
          value = opened;
          setResult({ url, opened: { state: 'ready', value: opened } });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const message = error instanceof Error ? error.message : '预览加载失败。';
          setResult({ url, opened: { state: 'failed', message } });
        },
      );
    return () => {
      controller.abort();
      if (value !== undefined) close?.(value);
    };
  }, [url, open, close]);
  return result?.url === url ? result.opened : { state: 'loading' };
}

function Loading() {
  return (
    <p className="el-preview-status" role="status">
      正在加载预览…
    </p>
  );
}

// ---- PDF

/**
 * Chinese PDFs often name a font they do not embed (our certificates and the demo's documents use
 * STSong-Light); pdf.js reads their text only with Adobe's character maps. The GB ones are bundled,
 * each a file of its own fetched when a PDF asks for it; the worker asks the page for them.
 */
const gbCMaps = import.meta.glob('/node_modules/pdfjs-dist/cmaps/{UniGB-*,Adobe-GB1-*,GB*}.bcmap', {
  query: '?url',
  import: 'default',
}) as Record<string, () => Promise<string>>;

class BundledCMaps {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const load = kind === 'cMapUrl' ? gbCMaps[`/node_modules/pdfjs-dist/cmaps/${filename}`] : undefined;
    if (!load) throw new Error(`未内置的 PDF 字符映射：${filename}`);
    const response = await fetch(await load());
    if (!response.ok) throw new Error(`PDF 字符映射加载失败：${filename}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

async function openPdf(bytes: ArrayBuffer): Promise<PDFDocumentProxy> {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  try {
    return await pdfjs.getDocument({
      data: new Uint8Array(bytes),
      BinaryDataFactory: BundledCMaps,
      useWorkerFetch: false,
      cMapPacked: true,
    }).promise;
  } catch (error) {
    if (error instanceof Error && error.name === 'PasswordException')
      throw new Error('该 PDF 文件设有密码，请下载后查看。', { cause: error });
    throw new Error(`PDF 文件无法打开：${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

function closePdf(pdf: PDFDocumentProxy) {
  void pdf.loadingTask.destroy();
}

function PdfPreview({ url, name }: { url: string; name: string }) {
  const opened = useOpenedFile(url, openPdf, closePdf);
  if (opened.state === 'loading') return <Loading />;
  if (opened.state === 'failed') return <Notice tone="danger">{opened.message}</Notice>;
  return <PdfPages pdf={opened.value} name={name} />;
}

/** The width of an element, followed as it changes. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

function PdfPages({ pdf, name }: { pdf: PDFDocumentProxy; name: string }) {
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const width = useWidth(frame);
  const pages = pdf.numPages;

  useEffect(() => {
    const target = canvas.current;
    if (!target || width === 0) return;
    let task: RenderTask | undefined;
    let stopped = false;
    pdf
      .getPage(page)
      .then((pdfPage) => {
        if (stopped) return;
        // Drawn at the screen's pixel density, shown at the frame's width (CSS keeps the ratio).
        const fit = width / pdfPage.getViewport({ scale: 1 }).width;
        const viewport = pdfPage.getViewport({ scale: fit * Math.min(window.devicePixelRatio || 1, 3) });
        target.width = Math.floor(viewport.width);
        target.height = Math.floor(viewport.height);
        task = pdfPage.render({ canvas: target, viewport });
        return task.promise;
      })
      .then(
        () => {
          if (!stopped) setError(null);
        },
        (failure: unknown) => {
          if (stopped || (failure instanceof Error && failure.name === 'RenderingCancelledException')) return;
          setError(`第 ${page} 页无法显示：${failure instanceof Error ? failure.message : String(failure)}`);
        },
      );
    return () => {
      stopped = true;
      task?.cancel();
    };
  }, [pdf, page, width]);

  return (
    <div className="el-preview">
      <div ref={frame} className="el-pdf-page">
        <canvas ref={canvas} role="img" aria-label={`“${name}” 第 ${page} 页`} />
      </div>
      {error ? <Notice tone="danger">{error}</Notice> : null}
      <div className="el-pager">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          上一页
        </Button>
        <span aria-live="polite">
          第 {page} / {pages} 页
        </span>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          下一页
        </Button>
      </div>
    </div>
  );
}

// ---- DXF

async function openDxf(bytes: ArrayBuffer): Promise<DxfDrawing> {
  if (bytes.byteLength > MAX_DXF_BYTES)
    throw new Error('图纸文件较大（超过 40 MB），请下载后用 CAD 软件查看。');
  const { decodeDxf, parseDxf } = await import('./dxf-drawing');
  // Relative coordinates: the browser's single-precision SVG would blur Gauss-Krüger ones.
  return parseDxf(decodeDxf(bytes), { relative: true });
}

function DxfPreview({ url, name }: { url: string; name: string }) {
  const opened = useOpenedFile(url, openDxf);
  if (opened.state === 'loading') return <Loading />;
  if (opened.state === 'failed') return <Notice tone="danger">{opened.message}</Notice>;
  return <DxfView drawing={opened.value} name={name} />;
}

/** A rectangle of the SVG's user space, whose Y goes down: the drawing's Y flipped. */
interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

function fitted(bounds: DxfBounds | null): ViewBox {
  if (!bounds) return { x: -1, y: -1, width: 2, height: 2 };
  const [width, height] = [bounds.maxX - bounds.minX, bounds.maxY - bounds.minY];
  const margin = Math.max(width, height) * 0.04 || 1;
  return {
    x: bounds.minX - margin,
    y: -bounds.maxY - margin,
    width: width + 2 * margin,
    height: height + 2 * margin,
  };
}

/** `view` scaled by `factor` about `at`, which stays where it is on screen; within 1/10 000 to 10 times `home`. */
function zoomed(view: ViewBox, home: ViewBox, at: { x: number; y: number }, factor: number): ViewBox {
  const width = Math.min(home.width * 10, Math.max(home.width / 10_000, view.width * factor));
  const k = width / view.width;
  return {
    x: at.x - (at.x - view.x) * k,
    y: at.y - (at.y - view.y) * k,
    width,
    height: view.height * k,
  };
}

const center = (view: ViewBox) => ({ x: view.x + view.width / 2, y: view.y + view.height / 2 });

/** Wheel zoom about the pointer; a native listener, as React's wheel listener cannot stop the page scrolling. */
function useWheelZoom(
  svg: RefObject<SVGSVGElement | null>,
  home: ViewBox,
  setView: (zoom: (view: ViewBox) => ViewBox) => void,
) {
  useEffect(() => {
    const element = svg.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      const toUser = element.getScreenCTM()?.inverse();
      if (!toUser) return;
      event.preventDefault();
      const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(toUser);
      const pixels = event.deltaY * (event.deltaMode === WheelEvent.DOM_DELTA_LINE ? 16 : 1);
      setView((view) => zoomed(view, home, at, Math.exp(Math.max(-1, Math.min(1, pixels / 400)))));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [svg, home, setView]);
}

function DxfView({ drawing, name }: { drawing: DxfDrawing; name: string }) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(
    () => new Set(drawing.layers.filter((layer) => !layer.visible).map((layer) => layer.name)),
  );
  const home = useMemo(() => fitted(drawing.bounds), [drawing]);
  const [view, setView] = useState(home);
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<{ pointer: number; x: number; y: number; from: ViewBox; scale: number } | null>(null);
  useWheelZoom(svg, home, setView);

  // Panning changes only the viewBox: the shapes are not rendered again.
  const layers = useMemo(() => {
    const byLayer = new Map<string, DxfShape[]>();
    for (const shape of drawing.shapes) {
      const list = byLayer.get(shape.layer);
      if (list) list.push(shape);
      else byLayer.set(shape.layer, [shape]);
    }
    return drawing.layers
      .filter((layer) => !hidden.has(layer.name))
      .map((layer) => (
        <g key={layer.name} data-layer={layer.name} stroke={layer.color} fill="none">
          {(byLayer.get(layer.name) ?? []).map((shape, index) => shapeElement(shape, index, layer))}
        </g>
      ));
  }, [drawing, hidden]);

  const toggle = (layer: string) =>
    setHidden((before) => {
      const after = new Set(before);
      if (!after.delete(layer)) after.add(layer);
      return after;
    });

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    const scale = svg.current?.getScreenCTM()?.a;
    if (event.button !== 0 || !scale) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY, from: view, scale };
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const start = drag.current;
    if (!start || start.pointer !== event.pointerId) return;
    const [dx, dy] = [(event.clientX - start.x) / start.scale, (event.clientY - start.y) / start.scale];
    setView({ ...start.from, x: start.from.x - dx, y: start.from.y - dy });
  };
  const onPointerEnd = () => {
    drag.current = null;
  };

  const skipped =
    drawing.skipped > 0 ? <p className="el-note">另有 {drawing.skipped} 个对象暂不支持预览</p> : null;
  if (drawing.shapes.length === 0)
    return (
      <div className="el-preview">
        <p className="el-empty">图纸中没有可预览的图形。</p>
        {skipped}
      </div>
    );

  return (
    <div className="el-preview el-dxf">
      <div className="el-drawing-frame">
        <div className="el-drawing-tools">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setView((v) => zoomed(v, home, center(v), 1 / 1.5))}
          >
            放大
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setView((v) => zoomed(v, home, center(v), 1.5))}
          >
            缩小
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setView(home)}>
            适应窗口
          </Button>
          <span className="el-note">滚轮缩放，拖动平移</span>
        </div>
        <svg
          ref={svg}
          className="el-drawing"
          role="img"
          aria-label={`图纸 ${name}`}
          viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`}
          preserveAspectRatio="xMidYMid meet"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
        >
          {/* DXF's Y goes up, SVG's down. */}
          <g transform="scale(1,-1)">{layers}</g>
        </svg>
        {skipped}
      </div>
      <fieldset className="el-layers">
        <legend>图层</legend>
        {drawing.layers.map((layer) => (
          <label key={layer.name}>
            <input type="checkbox" checked={!hidden.has(layer.name)} onChange={() => toggle(layer.name)} />{' '}
            <span className="el-swatch" style={{ background: layer.color }} aria-hidden="true" /> {layer.name}{' '}
            ({layer.count})
          </label>
        ))}
      </fieldset>
    </div>
  );
}

/** Line spacing of multi-line text, in text heights (AutoCAD's default for MTEXT). */
const LINE_SPACING = 5 / 3;

function shapeElement(shape: DxfShape, key: number, layer: DxfLayer) {
  switch (shape.kind) {
    case 'path':
      return <path key={key} d={shape.d} stroke={shape.color} vectorEffect="non-scaling-stroke" />;
    case 'circle':
      return (
        <circle
          key={key}
          cx={shape.cx}
          cy={shape.cy}
          r={shape.r}
          stroke={shape.color}
          vectorEffect="non-scaling-stroke"
        />
      );
    case 'text': {
      const lines = shape.text.split('\n');
      // Text middle- or bottom-attached puts its lines above the point.
      const above = { hanging: 0, middle: (lines.length - 1) / 2, alphabetic: lines.length - 1 }[
        shape.baseline
      ];
      return (
        <text
          key={key}
          // Flipped back inside the flipped drawing, so the text reads the right way up.
          transform={`translate(${shape.x} ${shape.y}) rotate(${shape.rotation}) scale(1 -1)`}
          fontSize={shape.height}
          fill={shape.color ?? layer.color}
          stroke="none"
          textAnchor={shape.anchor}
          dominantBaseline={shape.baseline}
        >
          {lines.map((line, index) => (
            <tspan key={index} x={0} dy={(index === 0 ? -above : 1) * LINE_SPACING * shape.height}>
              {line}
            </tspan>
          ))}
        </text>
      );
    }
  }
}
