/* A rating's graph over time, as plain numbers: where each point goes in an SVG of the given
   size, the line through them, and the rating scale's marks. No page here: the profile draws
   what this says (profile/main.js), and node's tests read it. */

/* The graph's geometry: points ({at, display, provisional}, oldest first) placed by their
   time from left to right and their rating from bottom to top, inside a box of width x
   height with pad around and left free for the scale's numbers; the scale spans at least span
   rating points around the middle. One point sits in the middle; points at one time are
   spread evenly. */
export function graphGeometry(points, width = 320, height = 120, pad = 14, span = 40, left = pad + 24) {
  if (!points.length) return { width, height, points: [], path: "", ticks: [], low: null, high: null };
  const values = points.map((p) => p.display);
  let low = Math.min(...values), high = Math.max(...values);
  if (high - low < span) {
    const middle = (high + low) / 2;
    low = middle - span / 2;
    high = middle + span / 2;
  }
  const first = points[0].at, last = points[points.length - 1].at;
  const spread = last > first;
  const x = (p, i) => {
    if (points.length === 1) return (left + width - pad) / 2;
    const share = spread ? (p.at - first) / (last - first) : i / (points.length - 1);
    return left + share * (width - left - pad);
  };
  const y = (v) => height - pad - ((v - low) / (high - low)) * (height - 2 * pad);
  const placed = points.map((p, i) => ({ x: round(x(p, i)), y: round(y(p.display)), display: p.display, provisional: !!p.provisional, at: p.at }));
  const path = placed.map((p, i) => `${i ? "L" : "M"}${p.x} ${p.y}`).join(" ");
  const ticks = [Math.round(low), Math.round((low + high) / 2), Math.round(high)].map((v) => ({ value: v, y: round(y(v)) }));
  return { width, height, points: placed, path, ticks, low: Math.min(...values), high: Math.max(...values) };
}

function round(v) { return Math.round(v * 10) / 10; }

/* The graph in words, for a screen reader and as the text under it: the first and the latest
   rating, the lowest and the highest, and how many games. */
export function graphFacts(points) {
  if (!points.length) return null;
  const values = points.map((p) => p.display);
  return {
    games: points.length,
    first: values[0],
    last: values[values.length - 1],
    low: Math.min(...values),
    high: Math.max(...values),
  };
}
