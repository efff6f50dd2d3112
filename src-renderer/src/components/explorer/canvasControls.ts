// The explorer canvas's commands for the toolbar (fit, zoom, re-layout, PNG export): the canvas registers its
// cytoscape instance here while mounted, so the toolbar needs no ref threading.
import type cytoscape from 'cytoscape';

let current: cytoscape.Core | null = null;

export function setExplorerCy(cy: cytoscape.Core | null): void {
  current = cy;
}

export function explorerCy(): cytoscape.Core | null {
  return current;
}

export function fitAll(): void {
  current?.fit(undefined, 40);
}

export function zoomBy(factor: number): void {
  if (!current) return;
  const { width, height } = { width: current.width(), height: current.height() };
  current.zoom({ level: current.zoom() * factor, renderedPosition: { x: width / 2, y: height / 2 } });
}

/** A force layout over the unpinned nodes from where they are (pinned ones stay put); only when asked for. */
export function relayout(): void {
  if (!current) return;
  current.layout({
    name: 'cose',
    animate: false,
    randomize: false,
    fit: true,
    padding: 40,
    nodeRepulsion: () => 14000,
    idealEdgeLength: () => 110,
    nodeOverlap: 12,
    numIter: 800,
  } as cytoscape.LayoutOptions).run();
}

/** The visible graph as a PNG data URL (full extent, white or dark background to match the theme). */
export function pngDataUrl(background: string): string | null {
  return current ? current.png({ full: true, scale: 2, bg: background, output: 'base64uri' }) : null;
}
