/* Where each seat sits on the felt for a reader, and where its played card lies: pure
   arithmetic (no page), so node's tests read it. Places are percentages of the felt. */

/* The angle of seat ``seat`` around the table for a reader at ``base`` of ``n`` seats, in
   radians: 90° is the bottom (the reader), then clockwise, which is the way play goes. */
export function seatAngle(seat, base, n) {
  const relative = (seat - base + n) % n;
  return (90 + (relative * 360) / n) * (Math.PI / 180);
}
/* A seat's box: its centre (x, y) and the side of the felt it sits on (the box hugs the
   left or right edge, or sits at the top or bottom). */
export function seatPlace(seat, base, n) {
  const a = seatAngle(seat, base, n);
  const x = Math.cos(a), y = Math.sin(a);
  const side = x < -0.45 ? "left" : x > 0.45 ? "right" : y > 0 ? "bottom" : "top";
  return { x: 50 + 41 * x, y: 50 + 39 * y, side };
}
/* The spot in front of a seat where its played card lies; ``narrow``: a phone's felt, where
   the cards lie closer together. */
export function slotPlace(seat, base, n, narrow) {
  const a = seatAngle(seat, base, n);
  return { x: 50 + (narrow ? 11 : 15) * Math.cos(a), y: 50 + (narrow ? 16 : 19) * Math.sin(a) };
}
