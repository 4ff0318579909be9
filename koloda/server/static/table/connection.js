/* The table's one WebSocket: connecting (again after a break), sending, and taking in the
   server's messages, each queued to be presented in order (queue.js). */
import { entry, t, word } from "../i18n.js";
import { Queue } from "../queue.js";
import { renderMine, showHint } from "./hand.js";
import { present } from "./present.js";
import { undoRefused } from "./practice.js";
import { render, renderSeats, renderTitle, renderTools, setStatus, toast } from "./render.js";
import { S, TABLE_ID, TOKEN } from "./state.js";

let socket = null;
let retry = 0;
export const inbox = new Queue(present);

export function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(message));
  return true;
}
/* Send a decision; the turn ends on the screen at once (no second click, no stale hint). */
export function act(action) {
  const { latest } = S;
  if (!latest || S.actedAt === latest.version) return;
  if (!send({ type: "act", action, version: latest.version })) return;
  S.actedAt = latest.version;
  S.acting = action;
  S.hint = null;
  renderTitle(latest.view);
  renderSeats(latest.view);
  renderMine(latest.view);
  renderTools(latest.view);
}

export function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = TOKEN ? `?token=${encodeURIComponent(TOKEN)}` : "";
  let opened = false;
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${TABLE_ID}${query}`);
  setStatus("connecting");
  socket.onopen = () => { opened = true; retry = 0; setStatus("online"); };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = async () => {
    if (!opened && await refusedWhy()) return;
    setStatus("offline");
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 400 * retry);
  };
}
/* A connection that never opened: ask why; a refused token or an unknown table stops here. */
async function refusedWhy() {
  const query = TOKEN ? `?token=${encodeURIComponent(TOKEN)}` : "";
  let answer;
  try { answer = await fetch(`/api/tables/${TABLE_ID}/view${query}`); } catch { return false; }
  if (answer.status !== 403 && answer.status !== 404) return false;
  S.refused = true;
  setStatus(answer.status === 403 ? "token_refused" : "no_table");
  document.getElementById("prompt").textContent = t(answer.status === 403 ? "token_refused_help" : "no_table_help");
  return true;
}

function receive(message) {
  if (message.type === "error") { refusedAct(); undoRefused(); toast(() => errorText(message)); return; }
  if (message.type === "hint") { showHint(message); return; }
  if (message.type === "pong") return;
  if (message.type === "view" && S.latest && message.version > S.latest.version + 1 && !inbox.length) {
    send({ type: "sync" });  // a gap: the whole view again
  }
  inbox.push(message);
}
/* A decision the table refused: the turn is this seat's again. */
function refusedAct() {
  if (S.actedAt === null) return;
  S.actedAt = null;
  S.acting = null;
  if (S.latest) render();
}
function errorText(message) {
  const key = "error." + message.code;
  return entry(key) !== undefined ? word(key) : message.message;
}
