/* Friends in the lobby, for a signed-in player: following by account name (friends follow each
   other), the invitations he received (a banner with Accept and Decline, and "(1)" in the
   page's title while one waits), "Invite a friend" beside each open seat of the table he just
   set up, and the friends' tables to join or watch. The lobby tells this module who is signed
   in (setAccount) and which table it set up (showInvites); invitations are asked for every
   few seconds while the page is seen. The pure parts are in friends.js. */
import * as account from "./account.js";
import {
  PEOPLE_EVERY, POLL_MS, followProblem, invitable, openSeats, pageTitle, personState, refusalKey, sameInvitations, tableOffer,
} from "./friends.js";
import { el, t } from "./i18n.js";

const F = {
  me: null, hooks: null, people: [], received: [], tables: [], created: null, timer: null, tick: 0,
  notes: {},  // "table:seat" -> {text: () => words, error}: the line under its invitation control
  said: {},  // element id -> () => words: what a line says, worded again in a new language
  mineFacts: {}, unfolded: new Set(),  // "My tables" facts ({id: facts}), and the tables whose invitations are unfolded
};

function FL(key, ...args) { return t("lobby.friends." + key, ...args); }
function byId(id) { return document.getElementById(id); }
/* A line of the page says ``text()`` (null: nothing), now and again in another language. */
function say(id, text) {
  F.said[id] = text;
  byId(id).textContent = text ? text() : "";
}
function problemText(scope, answer) {
  const key = refusalKey(scope, answer.status);
  if (key === "offline") return t("lobby.error.offline");
  return FL(key, typeof answer.body.detail === "string" ? answer.body.detail : String(answer.status));
}

/* The lobby's helpers: tableTitle(game, options), seatUrl(table, token), seatChip(seat). */
export function start(hooks) {
  F.hooks = hooks;
  byId("friends-form").addEventListener("submit", (event) => { event.preventDefault(); follow(byId("friends-name").value); });
  document.addEventListener("koloda:lang", () => setTimeout(renderAll, 0));
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible" && F.me) refreshAll(); });
}

/* The signed-in account (null: a guest, who sees none of this). */
export function setAccount(me) {
  const before = F.me ? F.me.name : null;
  F.me = me;
  if ((me ? me.name : null) === before) return;
  F.people = []; F.received = []; F.tables = []; F.notes = {}; F.said = {};
  clearInterval(F.timer);
  F.timer = null;
  if (me) {
    refreshAll();
    F.timer = setInterval(poll, POLL_MS);
  }
  renderAll();
}

/* The table the lobby just set up ({table_id, seats: [{seat, kind, token}]}): an invitation
   control beside each open seat of its links. */
export function showInvites(created) {
  F.created = created;
  renderInviteControls();
  if (F.me && created) refreshPeople();  /* a friend made since is offered too */
}

function poll() {
  if (!F.me || document.visibilityState !== "visible") return;
  F.tick += 1;
  refreshInvitations();
  if (F.tick % PEOPLE_EVERY === 0) { refreshPeople(); refreshTables(); }
}

function refreshAll() { refreshInvitations(); refreshPeople(); refreshTables(); }

async function refreshInvitations() {
  const answer = await account.call("GET", "/api/invitations");
  if (!answer.ok || !F.me) return;
  const received = answer.body.received;
  const changed = !sameInvitations(F.received, received);
  F.received = received;
  if (changed) { renderInvitations(); refreshTables(); }  /* an inviter's table is a friend's */
  renderTitle();
}

async function refreshPeople() {
  const answer = await account.call("GET", "/api/friends");
  if (!answer.ok || !F.me) return;
  F.people = answer.body.people;
  renderPeople();
  renderInviteControls();
  renderMineInvites();
}

async function refreshTables() {
  const answer = await account.call("GET", "/api/friends/tables");
  if (!answer.ok || !F.me) return;
  F.tables = answer.body;
  renderTables();
}

/* ----- following ------------------------------------------------------------------------------- */
async function follow(name) {
  say("friends-status", null);
  const wrong = followProblem(name, F.me && F.me.name);
  say("friends-problem", wrong ? () => FL("error." + wrong) : null);
  if (wrong) { byId("friends-name").focus(); return; }
  const answer = await account.call("POST", "/api/friends", { name: name.trim() });
  if (!answer.ok) { say("friends-problem", () => problemText("follow", answer)); return; }
  byId("friends-name").value = "";
  say("friends-status", () => FL("followed", answer.body.name));
  await refreshPeople();
  refreshTables();
}

async function unfollow(person) {
  const answer = await account.call("DELETE", "/api/friends/" + encodeURIComponent(person.name));
  say("friends-problem", answer.ok ? null : () => problemText("follow", answer));
  say("friends-status", null);
  await refreshPeople();
  refreshTables();
}

function renderPeople() {
  const list = byId("friends-list");
  byId("friends-empty").classList.toggle("hidden", F.people.length > 0);
  list.replaceChildren(...F.people.map((person) => {
    const state = personState(person);
    const actions = el("div", { class: "actions" },
      person.following ? null : el("button", { type: "button", class: "primary", "aria-label": FL("follow_back_label", person.name), onclick: () => follow(person.name) }, FL("follow_back")),
      person.following ? el("button", { type: "button", class: "unfollow", "aria-label": FL("unfollow_label", person.name), onclick: () => unfollow(person) }, FL("unfollow")) : null);
    return el("li", { class: "friend " + state, "data-name": person.name },
      el("span", { class: "dot", "aria-hidden": "true" }),
      el("div", { class: "grow" }, el("b", {}, person.name), el("div", { class: "meta" }, FL(state))),
      actions);
  }));
}

/* ----- invitations ----------------------------------------------------------------------------- */
function renderTitle() {
  document.title = pageTitle(FL("page_title"), t("lobby.title"), F.me ? F.received.length : 0);
}

function renderInvitations() {
  const panel = byId("friend-invitations");
  panel.classList.toggle("hidden", !F.me || F.received.length === 0);
  byId("friend-invitations-list").replaceChildren(...F.received.map((invitation) => {
    const title = invitation.game ? F.hooks.tableTitle(invitation.game, invitation.options) : "";
    return el("li", { "data-invitation": invitation.id },
      el("p", {}, FL("invitation", invitation.from_name, title, invitation.seat + 1)),
      el("div", { class: "actions" },
        el("button", { type: "button", class: "primary accept", "aria-label": FL("accept_label", invitation.from_name), onclick: () => answer(invitation, "accept") }, FL("accept")),
        el("button", { type: "button", class: "decline", "aria-label": FL("decline_label", invitation.from_name), onclick: () => answer(invitation, "decline") }, FL("decline"))));
  }));
}

async function answer(invitation, how) {
  say("friend-invitations-problem", null);
  const answered = await account.call("POST", `/api/invitations/${encodeURIComponent(invitation.id)}/${how}`);
  if (!answered.ok) { say("friend-invitations-problem", () => problemText("answer", answered)); refreshInvitations(); return; }
  if (how === "accept") { location.href = F.hooks.seatUrl(answered.body.table_id, answered.body.token); return; }
  await refreshInvitations();
  byId(F.received.length ? "friend-invitations-title" : "lobby-title").focus();
}

/* ----- inviting a friend to an open seat: of the table just set up, and of "My tables" ------- */
/* The control that invites a friend to one seat (``where`` tells the ids of two controls of
   the same seat apart); null when there is no friend to invite. */
function inviteControl(tableId, seat, friends, where) {
  const id = `invite-${where}-${seat}`;
  const key = `${tableId}:${seat}`;
  const said = F.notes[key];
  const note = el("p", { class: said && said.error ? "help error" : "help", id: id + "-note", role: "status" }, said ? said.text() : "");
  if (!friends.length) return el("div", { class: "friend-invite" }, el("p", { class: "help" }, FL("invite_none")));
  const select = el("select", { id, "aria-describedby": id + "-note" },
    friends.map((p) => el("option", { value: p.name }, p.online ? `${p.name} · ${FL("online")}` : p.name)));
  const send = el("button", { type: "button", class: "invite-send" }, FL("invite_send"));
  send.addEventListener("click", () => invite(tableId, seat, select.value, note));
  return el("div", { class: "friend-invite", "data-seat": seat },
    el("label", { for: id }, FL("invite_label", seat + 1)), el("div", { class: "link-row" }, select, send), note);
}

function renderInviteControls() {
  const created = F.created;
  const links = byId("links");
  if (!links) return;
  for (const old of links.querySelectorAll(".friend-invite")) old.remove();
  if (!F.me || !created) return;
  const friends = invitable(F.people);
  for (const seat of openSeats(created.seats)) {
    const item = links.querySelector(`li[data-seat="${seat}"]`);
    if (item) item.append(inviteControl(created.table_id, seat, friends, "new"));
  }
}

/* "My tables" drawn by the lobby, with each table's facts ({id: facts}): "Invite a friend"
   under each of my unfinished tables with an open seat (folded until asked for). */
export function showMine(facts) {
  F.mineFacts = facts;
  renderMineInvites();
}

function renderMineInvites() {
  const list = byId("my-tables");
  if (!list) return;
  for (const old of list.querySelectorAll(".friend-invite-mine")) old.remove();
  if (!F.me) return;
  const friends = invitable(F.people);
  for (const item of list.children) {
    const facts = F.mineFacts[item.dataset.table];
    if (!facts || facts.finished) continue;
    const seats = facts.seats.filter((s) => s.state === "open").map((s) => s.seat);
    if (!seats.length) continue;
    const box = el("details", { class: "friend-invite-mine", open: F.unfolded.has(facts.table_id) },
      el("summary", {}, FL("invite")), seats.map((seat) => inviteControl(facts.table_id, seat, friends, "mine")));
    box.addEventListener("toggle", () => { if (box.open) F.unfolded.add(facts.table_id); else F.unfolded.delete(facts.table_id); });
    item.append(box);
  }
}

async function invite(tableId, seat, name, note) {
  note.textContent = "";
  const answer = await account.call("POST", "/api/invitations", { name, table_id: tableId, seat });
  const said = { text: answer.ok ? () => FL("invite_sent", name) : () => problemText("invite", answer), error: !answer.ok };
  F.notes[`${tableId}:${seat}`] = said;
  note.textContent = said.text();
  note.classList.toggle("error", !answer.ok);
}

/* ----- the friends' tables --------------------------------------------------------------------- */
function renderTables() {
  const list = byId("friends-tables-list");
  byId("friends-tables-empty").classList.toggle("hidden", F.tables.length > 0);
  list.replaceChildren(...F.tables.map((table) => {
    const title = F.hooks.tableTitle(table.game, table.options);
    const offer = tableOffer(table);
    const meta = [FL("tables.with", table.friends.join(", "))];
    if (offer.mine !== null) meta.push(FL("tables.yours", offer.mine + 1));
    return el("li", { class: "table-item", "data-table": table.table_id },
      el("div", { class: "grow" }, el("b", {}, title), el("div", { class: "meta" }, meta.join(" · ")),
        el("ul", { class: "chips" }, table.seats.map((s) => F.hooks.seatChip(s)))),
      el("div", { class: "actions" },
        offer.join ? el("button", { type: "button", class: "primary join", "aria-label": FL("join_label", title), onclick: () => join(table) }, FL("join")) : null,
        el("a", { class: "button watch", href: `/t/${encodeURIComponent(table.table_id)}`, "aria-label": FL("watch_label", title) }, FL("watch"))));
  }));
}

async function join(table) {
  const answer = await account.call("POST", `/api/tables/${encodeURIComponent(table.table_id)}/join`, { seat: null, name: F.me.name });
  if (!answer.ok) {
    say("friends-tables-problem", () => (answer.status === 409 ? t("lobby.error.409") : problemText("join", answer)));
    refreshTables();
    return;
  }
  location.href = F.hooks.seatUrl(table.table_id, answer.body.token);
}

function renderAll() {
  for (const id of ["friends", "friends-tables"]) byId(id).classList.toggle("hidden", !F.me);
  renderPeople();
  renderTables();
  renderInvitations();
  renderInviteControls();
  renderMineInvites();
  renderTitle();
  for (const [id, text] of Object.entries(F.said)) byId(id).textContent = text ? text() : "";
}
