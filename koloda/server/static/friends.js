/* Friends as pure data (no page, so node's tests read it): the page's title while invitations
   wait, how a person stands to the reader, the checks before following, whom to invite and to
   which seats, what a friend's table offers, and the refusals' words. The lobby's part is
   friends_lobby.js. */

export const POLL_MS = 10000;
/* The people and the friends' tables are asked for at every this many invitation polls. */
export const PEOPLE_EVERY = 3;

/* The page's title: the lobby's own, with "(n) " in front while n invitations wait. */
export function pageTitle(template, base, count) {
  return count > 0 ? template.replace("{0}", String(count)).replace("{1}", base) : base;
}

/* How a person stands to the reader: "online" or "offline" (a friend), "waiting" (followed,
   not following back) or "follows_you" (following, not followed back). */
export function personState(person) {
  if (person.following && person.follows_me) return person.online ? "online" : "offline";
  return person.following ? "waiting" : "follows_you";
}

/* Why a name cannot be followed before it is sent: "name" (none typed), "self" (one's own
   account: names differ by more than their case), or null. */
export function followProblem(name, own) {
  const folded = (text) => String(text || "").split(/\s+/).filter(Boolean).join(" ").toLowerCase();
  if (!folded(name)) return "name";
  return own && folded(name) === folded(own) ? "self" : null;
}

/* The friends one may invite: those who follow each other with the reader, online first, then
   by name. */
export function invitable(people) {
  return people.filter((p) => p.friend).sort((a, b) => Number(!!b.online) - Number(!!a.online) || a.name.localeCompare(b.name));
}

/* The seats of a table just set up that a friend may be invited to: people's seats without a
   token (the lobby's "open" seats). */
export function openSeats(seats) {
  return seats.filter((s) => !s.token && !String(s.kind).startsWith("bot:")).map((s) => s.seat);
}

/* What a friend's table offers the reader: joining (a free seat, and none of his there yet)
   and watching (always). */
export function tableOffer(table) {
  const free = table.seats.some((s) => s.state === "open" || s.state === "joinable");
  return { join: free && table.my_seat === null, watch: true, mine: table.my_seat };
}

/* A refused answer as a catalogue key under "lobby.friends.": ``scope`` is "follow",
   "invite" or "answer" (accepting or declining an invitation). */
export function refusalKey(scope, status) {
  if (status === 0) return "offline";
  if (scope === "follow" && (status === 404 || status === 422)) return "error." + status;
  if (scope === "invite" && (status === 403 || status === 409)) return "invite.error." + status;
  if (scope === "answer" && [404, 409, 410].includes(status)) return "invitation_gone";
  return "error.other";
}

/* Whether two lists of invitations are the same (by id, in order): the banner is drawn again
   only when they differ, so that a reader's focus stays where it is. */
export function sameInvitations(a, b) {
  return a.length === b.length && a.every((x, i) => x.id === b[i].id);
}
