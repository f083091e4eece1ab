import type { IDxf, IEntity } from 'dxf-parser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeDxf, drawingOf, mtextPlain, parseDxf, type DxfShape } from './dxf-drawing';
import { sampleDxf } from '@shared/samples/dxf-sample';

const [X, Y] = [500100, 3300200];

function shapesOn(shapes: DxfShape[], layer: string) {
  return shapes.filter((shape) => shape.layer === layer);
}

/** The numbers of path data, in pairs where they are coordinates. */
function numbers(d: string): number[] {
  return d
    .split(/[\sA-Z]+/)
    .filter(Boolean)
    .map(Number);
}

/** A parsed file made of the given entities and blocks, for cases the sample does not draw. */
function dxfOf(entities: Partial<IEntity>[], blocks: Record<string, Partial<IEntity>[]> = {}): IDxf {
  return {
    header: {},
    entities: entities as IEntity[],
    blocks: Object.fromEntries(
      Object.entries(blocks).map(([name, children]) => [
        name,
        { name, position: { x: 0, y: 0, z: 0 }, entities: children as IEntity[] },
      ]),
    ),
    tables: {
      layer: {
        layers: { AXIS: { name: 'AXIS', color: 0xff0000, colorIndex: 1, visible: true, frozen: false } },
      },
    },
  } as unknown as IDxf;
}

describe('the sample floor plan', () => {
  const drawing = parseDxf(sampleDxf());

  it('lists the layer table in order, with colours and the shapes on each', () => {
    expect(drawing.layers).toEqual([
      // Colour 7 is white, drawn black on the white preview.
      { name: '0', color: '#000000', count: 0, visible: true },
      { name: '轮廓', color: '#000000', count: 5, visible: true },
      { name: 'AXIS', color: '#ff0000', count: 5, visible: true },
      { name: '标注', color: '#0000ff', count: 3, visible: true },
    ]);
    expect(drawing.skipped).toBe(0);
  });

  it('draws lines, the closed outline and the door swing as path data in DXF coordinates', () => {
    const outline = shapesOn(drawing.shapes, '轮廓');
    expect(outline).toContainEqual({ kind: 'path', layer: '轮廓', d: 'M 500112 3300200 L 500112 3300212' });
    expect(outline[0]).toEqual({
      kind: 'path',
      layer: '轮廓',
      d: 'M 500100 3300200 L 500124 3300200 L 500124 3300212 L 500100 3300212 Z',
    });
    // Counter-clockwise from 0° to 90° about (5, 0): a quarter with SVG's positive sweep.
    expect(outline).toContainEqual({
      kind: 'path',
      layer: '轮廓',
      d: 'M 500106 3300200 A 1 1 0 0 1 500105 3300201',
    });
    expect(shapesOn(drawing.shapes, 'AXIS')[0]).toEqual({
      kind: 'path',
      layer: 'AXIS',
      d: 'M 500100 3300197 L 500100 3300215',
    });
  });

  it('keeps an entity’s own colour and draws circles and texts', () => {
    expect(drawing.shapes).toContainEqual({
      kind: 'circle',
      layer: '轮廓',
      color: '#ff00ff',
      cx: X + 28,
      cy: Y + 3,
      r: 0.5,
    });
    expect(shapesOn(drawing.shapes, '标注')[0]).toEqual({
      kind: 'text',
      layer: '标注',
      x: X,
      y: Y + 13,
      height: 0.8,
      text: '1#楼 一层平面图',
      rotation: 0,
      anchor: 'start',
      baseline: 'alphabetic',
    });
  });

  it('expands the north arrow block scaled twice and turned 30°, on the INSERT’s layer', () => {
    const [, ring, arrow] = shapesOn(drawing.shapes, '标注');
    expect(ring).toEqual({ kind: 'circle', layer: '标注', cx: X + 31, cy: Y + 9, r: 2 });
    expect(arrow?.kind).toBe('path');
    const d = arrow?.kind === 'path' ? arrow.d : '';
    expect(d).toMatch(/^M .* Z$/);
    // The tip (0, 1) of the block: scaled to (0, 2), turned 30° to (-1, √3), moved to (31, 9).
    const [tipX, tipY] = numbers(d);
    expect(tipX).toBeCloseTo(X + 30, 6);
    expect(tipY).toBeCloseTo(Y + 9 + Math.sqrt(3), 6);
  });

  it('bounds every coordinate: the axis lines and the north arrow’s circle', () => {
    expect(drawing.bounds).toEqual({ minX: X - 3, minY: Y - 3, maxX: X + 33, maxY: Y + 15 });
  });

  it('can give coordinates from the bounds’ corner, which keep their precision in the browser', () => {
    const relative = parseDxf(sampleDxf(), { relative: true });
    expect(relative.origin).toEqual({ x: X - 3, y: Y - 3 });
    expect(relative.bounds).toEqual({ minX: 0, minY: 0, maxX: 36, maxY: 18 });
    expect(relative.shapes[1]).toEqual({ kind: 'path', layer: '轮廓', d: 'M 15 3 L 15 15' });
    expect(relative.shapes).toContainEqual(
      expect.objectContaining({ kind: 'circle', cx: 31, cy: 6, r: 0.5 }),
    );
  });

  it('has a revised version with one more partition', () => {
    const revised = parseDxf(sampleDxf({ variant: 2, x: 0, y: 0 }));
    expect(revised.layers.find((layer) => layer.name === '轮廓')?.count).toBe(6);
    expect(revised.shapes).toContainEqual({ kind: 'path', layer: '轮廓', d: 'M 12 6 L 24 6' });
    expect(revised.shapes).toContainEqual(expect.objectContaining({ text: '1#楼 一层平面图（修改）' }));
  });
});

describe('parseDxf', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says in Chinese that a file is not DXF', () => {
    // dxf-parser logs the groups it cannot type.
    vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(() => parseDxf('这不是图纸\nhello')).toThrow(/^DXF 文件无法解析：/);
    expect(() => parseDxf('')).toThrow(/^DXF 文件无法解析：/);
    expect(() => parseDxf('  0\nEOF\n')).toThrow('DXF 文件无法解析：文件中没有图形对象（ENTITIES 段）');
    expect(() => parseDxf('AutoCAD Binary DXF\r\n\u001a\u0000')).toThrow(/二进制 DXF/);
  });
});

describe('parseDxf, for what dxf-parser leaves out', () => {
  /** The sample with the given groups added at the end of its ENTITIES section. */
  function sampleWith(groups: [number, string | number][]) {
    const extra = groups.flatMap(([code, value]) => [String(code).padStart(3), String(value)]);
    return sampleDxf().replace('  0\nENDSEC\n  0\nEOF', [...extra, '  0', 'ENDSEC', '  0', 'EOF'].join('\n'));
  }

  it('counts the entity types it drops and draws the visible values of block attributes', () => {
    const drawing = parseDxf(
      sampleWith([
        [0, 'HATCH'],
        [8, '轮廓'],
        [10, 0],
        [20, 0],
        [30, 0],
        [91, 1],
        [0, 'ATTRIB'],
        [8, '标注'],
        [10, X + 1],
        [20, Y + 14],
        [30, 0],
        [40, 0.5],
        [1, '2026-001'],
        [2, '图号'],
        [70, 0],
        [0, 'ATTRIB'],
        [8, '标注'],
        [10, X],
        [20, Y],
        [30, 0],
        [40, 0.5],
        [1, '隐藏的值'],
        [2, 'ID'],
        [70, 1],
        [0, 'SEQEND'],
        [8, '标注'],
      ]),
    );
    expect(drawing.skipped).toBe(1);
    expect(drawing.shapes.filter((shape) => shape.kind === 'text')).toEqual([
      expect.objectContaining({ text: '1#楼 一层平面图' }),
      expect.objectContaining({ layer: '标注', text: '2026-001', x: X + 1, y: Y + 14, height: 0.5 }),
    ]);
  });
});

describe('drawingOf', () => {
  it('lists layers only entities use after the table, matching the table’s names whatever their case', () => {
    const drawing = drawingOf(
      dxfOf([
        {
          type: 'LINE',
          layer: 'axis',
          vertices: [
            { x: 0, y: 0, z: 0 },
            { x: 1, y: 0, z: 0 },
          ],
        } as Partial<IEntity>,
        { type: 'POINT', layer: '测量点', position: { x: 2, y: 2, z: 0 } } as Partial<IEntity>,
        { type: 'POINT', position: { x: 0, y: 2, z: 0 } } as Partial<IEntity>,
      ]),
    );
    expect(drawing.layers).toEqual([
      { name: 'AXIS', color: '#ff0000', count: 1, visible: true },
      { name: '测量点', color: '#000000', count: 1, visible: true },
      { name: '0', color: '#000000', count: 1, visible: true },
    ]);
    expect(drawing.shapes[1]).toEqual({ kind: 'circle', layer: '测量点', cx: 2, cy: 2, r: 2 / 400 });
  });

  it('counts what it does not draw: unknown types, missing blocks, blocks nested too deep', () => {
    const drawing = drawingOf(
      dxfOf(
        [
          { type: 'HATCH' },
          { type: 'INSERT', name: '没有的块', position: { x: 0, y: 0, z: 0 } } as Partial<IEntity>,
          { type: 'INSERT', name: 'SELF', position: { x: 0, y: 0, z: 0 } } as Partial<IEntity>,
        ],
        {
          SELF: [
            {
              type: 'LINE',
              vertices: [
                { x: 0, y: 0, z: 0 },
                { x: 1, y: 1, z: 0 },
              ],
            } as Partial<IEntity>,
            { type: 'INSERT', name: 'SELF', position: { x: 1, y: 0, z: 0 } } as Partial<IEntity>,
          ],
        },
      ),
    );
    // The block that inserts itself is drawn 8 levels deep, its ninth insert skipped.
    expect(drawing.shapes).toHaveLength(8);
    expect(drawing.skipped).toBe(3);
  });

  it('gives BYBLOCK entities the INSERT’s colour and stretches circles of a block scaled unevenly', () => {
    const drawing = drawingOf(
      dxfOf(
        [
          {
            type: 'INSERT',
            name: 'B',
            layer: 'AXIS',
            colorIndex: 3,
            color: 0x00ff00,
            xScale: 2,
            yScale: 1,
            position: { x: 10, y: 0, z: 0 },
          } as Partial<IEntity>,
        ],
        {
          B: [
            {
              type: 'CIRCLE',
              colorIndex: 0,
              color: 0,
              center: { x: 0, y: 0, z: 0 },
              radius: 1,
            } as Partial<IEntity>,
          ],
        },
      ),
    );
    const [ellipse] = drawing.shapes;
    expect(ellipse).toMatchObject({ kind: 'path', layer: 'AXIS', color: '#00ff00' });
    expect(ellipse?.kind === 'path' && ellipse.d).toMatch(/^M 12 0 L .* Z$/);
    expect(drawing.bounds?.minX).toBeCloseTo(8, 6);
    expect(drawing.bounds?.maxY).toBeCloseTo(1, 6);
  });

  it('draws polyline bulges, ellipses and arcs of mirrored entities', () => {
    const drawing = drawingOf(
      dxfOf([
        {
          type: 'LWPOLYLINE',
          shape: false,
          vertices: [
            { x: 0, y: 0, bulge: 1 },
            { x: 2, y: 0 },
          ],
        } as Partial<IEntity>,
        {
          type: 'ELLIPSE',
          center: { x: 0, y: 10, z: 0 },
          majorAxisEndPoint: { x: 4, y: 0, z: 0 },
          axisRatio: 0.5,
          startAngle: 0,
          endAngle: 2 * Math.PI,
        } as Partial<IEntity>,
        // Extrusion (0, 0, -1): the arc's X is mirrored, and so its direction.
        {
          type: 'ARC',
          center: { x: 20, y: 0, z: 0 },
          radius: 1,
          startAngle: 0,
          endAngle: Math.PI / 2,
          extrusionDirectionZ: -1,
        } as Partial<IEntity>,
      ]),
    );
    const [bulge, ellipse, mirrored] = drawing.shapes.map((shape) => (shape.kind === 'path' ? shape.d : ''));
    // Bulge 1 is a half circle, counter-clockwise from (0, 0): below the chord.
    expect(bulge).toBe('M 0 0 A 1 1 0 0 1 2 0');
    expect(ellipse).toMatch(/^M 4 10 L .* Z$/);
    expect(mirrored).toBe('M -21 0 A 1 1 0 0 0 -20 1');
    const { minX, minY, maxX, maxY } = drawing.bounds!;
    expect([minX, minY, maxX, maxY].map((value) => Math.round(value * 1e9) / 1e9)).toEqual([-21, -1, 4, 12]);
  });

  it('writes TEXT and MTEXT plainly, at their alignment point', () => {
    const drawing = drawingOf(
      dxfOf([
        {
          type: 'TEXT',
          text: '%%c600 管线',
          startPoint: { x: 0, y: 0, z: 0 },
          endPoint: { x: 5, y: 1, z: 0 },
          halign: 1,
          textHeight: 2,
          rotation: 90,
        } as Partial<IEntity>,
        {
          type: 'MTEXT',
          text: '{\\fSimHei|b0|i0;一层}\\P\\H0.5x;\\C1;面积：\\L288.00\\l m²',
          position: { x: 3, y: 4, z: 0 },
          height: 1,
          attachmentPoint: 5,
        } as Partial<IEntity>,
      ]),
    );
    expect(drawing.shapes).toEqual([
      {
        kind: 'text',
        layer: '0',
        x: 5,
        y: 1,
        height: 2,
        text: 'Ø600 管线',
        rotation: 90,
        anchor: 'middle',
        baseline: 'alphabetic',
      },
      {
        kind: 'text',
        layer: '0',
        x: 3,
        y: 4,
        height: 1,
        text: '一层\n面积：288.00 m²',
        rotation: 0,
        anchor: 'middle',
        baseline: 'middle',
      },
    ]);
  });
});

describe('mtextPlain', () => {
  it('drops formatting codes and keeps escaped characters', () => {
    expect(mtextPlain('\\A1;{\\W0.8;宽}度\\Pa\\~b \\\\ \\{x\\} \\S1^2; \\U+5317')).toBe(
      '宽度\na b \\ {x} 1/2 北',
    );
  });
});

describe('decodeDxf', () => {
  it('reads UTF-8, and GBK when the bytes are not UTF-8 (DXF before AutoCAD 2007)', () => {
    expect(decodeDxf(new TextEncoder().encode('  8\n轮廓\n'))).toBe('  8\n轮廓\n');
    expect(decodeDxf(new Uint8Array([0x38, 0x0a, 0xc2, 0xd6, 0xc0, 0xaa]))).toBe('8\n轮廓');
  });
});
