/* Leaving the table; a seat a bot plays while its person is away. */
import { t } from "../i18n.js";
import { send } from "./connection.js";
import { post } from "./post.js";
import { toast } from "./render.js";
import { S, TABLE_ID, TOKEN, mySeat } from "./state.js";

let backSent = false;

export function awayFromSeat() { return Boolean(S.people && mySeat() !== null && S.people.away.includes(mySeat())); }
export function renderLeave(v) {
  const can = Boolean(TOKEN) && mySeat() !== null && !v.finished;
  document.getElementById("leave").classList.toggle("hidden", !can);
  if (!can) document.getElementById("leave-confirm").classList.add("hidden");
  if (!awayFromSeat()) backSent = false;
}
export function askLeave() {
  document.getElementById("leave-confirm").classList.remove("hidden");
  document.getElementById("leave-no").focus();
}
export function stay() {
  document.getElementById("leave-confirm").classList.add("hidden");
  document.getElementById("leave").focus();
}
/* The seat goes to the normal bot at once, and this browser forgets the table. */
export async function leaveTable() {
  const answer = await post(`/api/tables/${TABLE_ID}/leave`, { token: TOKEN });  // no connection: status 0
  if (!answer.ok) { toast(() => t("leave_failed")); return; }
  let list = [];
  try { list = JSON.parse(localStorage.getItem("koloda.tables") || "[]"); } catch { list = []; }
  if (Array.isArray(list)) localStorage.setItem("koloda.tables", JSON.stringify(list.filter((x) => !(x && x.id === TABLE_ID && x.token === TOKEN))));
  location.href = "/";
}
/* Any click or key of a person a bot plays for brings him back to his seat. */
export function comeBack() { if (awayFromSeat() && !backSent) backSent = send({ type: "back" }); }
