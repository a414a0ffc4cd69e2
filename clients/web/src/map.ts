/**
 * Belgium as SVG for both Belgian Beers Race games: places at their real coordinates, the
 * board game's roads, each player's meeple where it stands and the breweries you have visited.
 */
import belgium from "./belgium.json";

interface Place {
  id: string;
  number: number;
  name: string;
  town: string;
  lat: number;
  lon: number;
  colour: string;
  brussels: boolean;
}

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 640;
const PAD = 24;
const LABEL_ROOM = 90; // east of the easternmost brewery, for its name
// One degree of longitude is shorter than one of latitude at Belgium's latitude (about 50.6° N).
const LON_SCALE = Math.cos((50.6 * Math.PI) / 180);
const BEER_COLOURS: Record<string, string> = {
  yellow: "#f2c12e",
  brown: "#8b5a2b",
  red: "#b22222",
  black: "#222222",
  none: "#ffffff",
};
export const SEAT_COLOURS = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#17becf"];

const places = belgium.places as Place[];
const byId = new Map(places.map((p) => [p.id, p]));
const west = Math.min(...places.map((p) => p.lon));
const east = Math.max(...places.map((p) => p.lon));
const south = Math.min(...places.map((p) => p.lat));
const north = Math.max(...places.map((p) => p.lat));
const scale = (WIDTH - 2 * PAD - LABEL_ROOM) / ((east - west) * LON_SCALE);
const HEIGHT = Math.round((north - south) * scale + 2 * PAD);

function at(place: Place): [number, number] {
  return [PAD + (place.lon - west) * LON_SCALE * scale, PAD + (north - place.lat) * scale];
}

function element(tag: string, attributes: Record<string, string | number>, title?: string): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (title) {
    const tooltip = document.createElementNS(SVG, "title");
    tooltip.textContent = title;
    node.append(tooltip);
  }
  return node;
}

/**
 * The map for one view, drawn afresh on every update (a few hundred nodes). `locations` holds
 * each seat's place id; `roads` draws the board game's roads (the dice game has its own).
 */
export function drawMap(locations: string[], visited: Iterable<string>, roads: boolean): SVGSVGElement {
  const svg = element("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "map", role: "img" }) as SVGSVGElement;
  svg.setAttribute("aria-label", "Map of Belgium with the breweries");
  for (const [a, b] of roads ? belgium.roads : []) {
    const [x1, y1] = at(byId.get(a)!);
    const [x2, y2] = at(byId.get(b)!);
    svg.append(element("line", { x1, y1, x2, y2, class: "road" }));
  }
  const seen = new Set(visited);
  for (const place of places) svg.append(drawPlace(place, seen.has(place.id)));
  locations.forEach((location, seat) => {
    const place = byId.get(location);
    if (!place) return;
    const [x, y] = at(place);
    const dx = (seat - (locations.length - 1) / 2) * 9;
    svg.append(
      element(
        "circle",
        { cx: x + dx, cy: y - 12, r: 6, fill: SEAT_COLOURS[seat % SEAT_COLOURS.length], class: "meeple" },
        `seat ${seat} at ${place.name}`,
      ),
    );
  });
  return svg;
}

function drawPlace(place: Place, visited: boolean): SVGElement {
  const [x, y] = at(place);
  const group = element("g", { class: visited ? "place visited" : "place", "data-place": place.id });
  const title = `${place.number ? `${place.number}. ` : ""}${place.name}, ${place.town}`;
  const radius = place.id === "GP" ? 8 : 5;
  group.append(element("circle", { cx: x, cy: y, r: radius, fill: BEER_COLOURS[place.colour] ?? "#ccc" }, title));
  if (!place.brussels || place.id === "GP") {
    const label = element("text", { x: x + 7, y: y + 4, class: "label" });
    label.textContent = place.id === "GP" ? "Grand Place" : place.name;
    group.append(label);
  }
  return group;
}
