/**
 * 三维展示's scene (docs/electronics.md "The 3D view"): a layer's footprints extruded with three.js
 * over a ground plane with a grid, lit from the sky and the sun, turned with OrbitControls, coloured
 * by height; pointing at a building highlights it and names it. The one module that imports three:
 * the page loads it with import(), so three is its own chunk, fetched only by this page.
 *
 * The buildings are one merged mesh (one draw call whatever their number); a hit's triangle finds its
 * building through the vertex ranges kept while merging. It draws on demand (a camera change, a
 * highlight, a resize), not in a loop.
 */
import {
  BufferAttribute,
  Color,
  DirectionalLight,
  EdgesGeometry,
  ExtrudeGeometry,
  GridHelper,
  HemisphereLight,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshLambertMaterial,
  Path,
  PerspectiveCamera,
  PlaneGeometry,
  Raycaster,
  Scene,
  Shape,
  Vector2,
  WebGLRenderer,
  type BufferGeometry,
  type Material,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import { groundOf, heightColour, type Building, type Extrusion } from './extrusion';

export interface BuildingScene {
  dispose(): void;
}

export interface BuildingSceneOptions {
  /** The building under the pointer (null when none). */
  onHover?: (building: Building | null) => void;
  /** The building clicked (null: a click on no building). */
  onSelect?: (building: Building | null) => void;
  /** The first frame is drawn. */
  onDrawn?: () => void;
  /** The canvas's accessible name. */
  label: string;
}

const HIGHLIGHT = new Color('#f2c14e');
/** Above this many buildings the outlines are left out (finding the edges of many takes seconds). */
const OUTLINES_MAX = 5_000;

/** A building's prisms, its vertices coloured; x east, y up, z south (three's right-handed axes). */
function geometryOf(building: Building, colour: Color): BufferGeometry[] {
  return building.polygons.map((polygon) => {
    const shape = new Shape(polygon.outer.map(([x, y]) => new Vector2(x, y)));
    shape.holes = polygon.holes.map((hole) => new Path(hole.map(([x, y]) => new Vector2(x, y))));
    const geometry = new ExtrudeGeometry(shape, { depth: building.height, bevelEnabled: false });
    // Extruded along +z; turned so that z is up and the footprint's north is three's −z.
    geometry.rotateX(-Math.PI / 2);
    geometry.deleteAttribute('uv');
    const count = geometry.getAttribute('position').count;
    const colours = new Float32Array(count * 3);
    for (let i = 0; i < count; i++) colour.toArray(colours, i * 3);
    geometry.setAttribute('color', new BufferAttribute(colours, 3));
    return geometry;
  });
}

/**
 * Draws `extrusion` into a new canvas appended to `container`. Throws when no WebGL context can be
 * made (the page then shows the 2D map).
 */
export function createBuildingScene(
  container: HTMLElement,
  extrusion: Extrusion,
  options: BuildingSceneOptions,
): BuildingScene {
  const renderer = new WebGLRenderer({ antialias: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  const canvas = renderer.domElement;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', options.label);
  // Focusable, so OrbitControls' arrow keys pan the view.
  canvas.tabIndex = 0;
  canvas.className = 'el-3d__canvas';
  container.append(canvas);

  const scene = new Scene();
  scene.background = new Color('#eef2f7');
  const disposables: { dispose(): void }[] = [];

  const { extent, minHeight, maxHeight } = extrusion;
  const centreX = (extent.minX + extent.maxX) / 2;
  const centreZ = -(extent.minY + extent.maxY) / 2;
  const { size: groundSize, cell } = groundOf(extrusion);
  const span = groundSize / 4;

  // Buildings: one mesh; ranges[i] is building i's first vertex.
  const parts: BufferGeometry[] = [];
  const ranges: number[] = [];
  const counts: number[] = [];
  let vertices = 0;
  for (const building of extrusion.buildings) {
    const colour = new Color(heightColour(building.height, minHeight, maxHeight));
    const pieces = geometryOf(building, colour);
    const count = pieces.reduce((sum, piece) => sum + piece.getAttribute('position').count, 0);
    ranges.push(vertices);
    counts.push(count);
    vertices += count;
    parts.push(...pieces);
  }
  const merged = parts.length > 0 ? mergeGeometries(parts, false) : null;
  for (const part of parts) part.dispose();
  const buildingMaterial = new MeshLambertMaterial({ vertexColors: true });
  disposables.push(buildingMaterial);
  let mesh: Mesh | null = null;
  if (merged) {
    disposables.push(merged);
    mesh = new Mesh(merged, buildingMaterial);
    scene.add(mesh);
    if (extrusion.buildings.length <= OUTLINES_MAX) {
      const edges = new EdgesGeometry(merged, 30);
      const edgeMaterial = new LineBasicMaterial({ color: '#0b2a55', transparent: true, opacity: 0.35 });
      disposables.push(edges, edgeMaterial);
      scene.add(new LineSegments(edges, edgeMaterial));
    }
  }

  // The ground, a grid on it (its cell's size is said on the page), the light.
  const ground = new PlaneGeometry(groundSize, groundSize);
  ground.rotateX(-Math.PI / 2);
  const groundMaterial = new MeshLambertMaterial({ color: '#dfe5ec' });
  disposables.push(ground, groundMaterial);
  const groundMesh = new Mesh(ground, groundMaterial);
  groundMesh.position.set(centreX, -0.05, centreZ);
  scene.add(groundMesh);
  const grid = new GridHelper(groundSize, Math.round(groundSize / cell), '#aab6c4', '#c8d1dc');
  grid.position.set(centreX, 0, centreZ);
  disposables.push(grid.geometry, grid.material as Material);
  scene.add(grid);
  scene.add(new HemisphereLight('#ffffff', '#8a96a3', 2.2));
  const sun = new DirectionalLight('#ffffff', 2);
  sun.position.set(centreX + span, span * 2, centreZ + span * 0.6);
  scene.add(sun);

  const camera = new PerspectiveCamera(45, 1, Math.max(0.5, span / 500), span * 40);
  camera.position.set(centreX + span * 0.85, span * 0.9 + maxHeight, centreZ + span * 1.15);
  const controls = new OrbitControls(camera, canvas);
  controls.target.set(centreX, Math.min(maxHeight / 3, span / 4), centreZ);
  controls.maxPolarAngle = Math.PI / 2 - 0.03;
  controls.minDistance = Math.max(2, span / 50);
  controls.maxDistance = span * 10;
  controls.keyPanSpeed = 20;
  controls.listenToKeyEvents(canvas);
  controls.update();

  let frame = 0;
  let drawn = false;
  const render = () => {
    frame = 0;
    renderer.render(scene, camera);
    if (!drawn) {
      drawn = true;
      performance.mark('three-dimensional-drawn');
      options.onDrawn?.();
    }
  };
  const requestRender = () => {
    if (!frame) frame = requestAnimationFrame(render);
  };
  controls.addEventListener('change', requestRender);

  const resize = () => {
    const width = container.clientWidth || 1;
    const height = container.clientHeight || 1;
    renderer.setSize(width, height);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    requestRender();
  };
  const observer = new ResizeObserver(resize);
  observer.observe(container);
  resize();

  // Picking: the triangle under the pointer, its building by the vertex ranges.
  const raycaster = new Raycaster();
  const pointer = new Vector2();
  const buildingAt = (event: PointerEvent): Building | null => {
    if (!mesh) return null;
    const box = canvas.getBoundingClientRect();
    pointer.set(
      ((event.clientX - box.left) / box.width) * 2 - 1,
      -((event.clientY - box.top) / box.height) * 2 + 1,
    );
    raycaster.setFromCamera(pointer, camera);
    const hit = raycaster.intersectObject(mesh, false)[0];
    if (hit?.faceIndex === undefined || hit.faceIndex === null) return null;
    const vertex = hit.faceIndex * 3;
    let low = 0;
    let high = ranges.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (ranges[middle]! <= vertex) low = middle;
      else high = middle - 1;
    }
    return extrusion.buildings[low] ?? null;
  };

  const colours = merged?.getAttribute('color') as BufferAttribute | undefined;
  let lit: number | null = null;
  const paint = (index: number, colour: Color) => {
    if (!colours) return;
    const from = ranges[index]!;
    for (let i = from; i < from + counts[index]!; i++) colours.setXYZ(i, colour.r, colour.g, colour.b);
    colours.needsUpdate = true;
  };
  const light = (building: Building | null) => {
    const index = building ? extrusion.buildings.indexOf(building) : null;
    if (index === lit) return;
    if (lit !== null) {
      const was = extrusion.buildings[lit]!;
      paint(lit, new Color(heightColour(was.height, minHeight, maxHeight)));
    }
    if (index !== null) paint(index, HIGHLIGHT);
    lit = index;
    requestRender();
  };

  let hovered: Building | null = null;
  let selected: Building | null = null;
  let pressed: { x: number; y: number } | null = null;
  const onMove = (event: PointerEvent) => {
    if (event.buttons) return;
    const building = buildingAt(event);
    if (building === hovered) return;
    hovered = building;
    light(hovered ?? selected);
    canvas.style.cursor = building ? 'pointer' : '';
    options.onHover?.(building);
  };
  const onLeave = () => {
    hovered = null;
    light(selected);
    options.onHover?.(null);
  };
  const onDown = (event: PointerEvent) => {
    pressed = { x: event.clientX, y: event.clientY };
  };
  const onUp = (event: PointerEvent) => {
    // A click, not the end of a drag that turned the view.
    if (!pressed || Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) > 4) return;
    pressed = null;
    selected = buildingAt(event);
    light(hovered ?? selected);
    options.onSelect?.(selected);
  };
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerleave', onLeave);
  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointerup', onUp);

  return {
    dispose() {
      if (frame) cancelAnimationFrame(frame);
      observer.disconnect();
      canvas.removeEventListener('pointermove', onMove);
      canvas.removeEventListener('pointerleave', onLeave);
      canvas.removeEventListener('pointerdown', onDown);
      canvas.removeEventListener('pointerup', onUp);
      controls.removeEventListener('change', requestRender);
      controls.dispose();
      for (const item of disposables) item.dispose();
      renderer.dispose();
      // Give the context back now: a browser keeps only a few at once.
      renderer.forceContextLoss();
      canvas.remove();
    },
  };
}
