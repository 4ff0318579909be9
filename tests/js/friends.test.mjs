/* Friends as pure data (static/friends.js): the page's title while invitations wait, how a
   person stands to the reader, the checks before following, whom to invite and to which
   seats, what a friend's table offers, and the refusals' words. */
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  followProblem, invitable, openSeats, pageTitle, personState, refusalKey, sameInvitations, tableOffer,
} from "../../koloda/server/static/friends.js";

test("the title shows how many invitations wait, and nothing when none does", () => {
  assert.equal(pageTitle("({0}) {1}", "Koloda", 1), "(1) Koloda");
  assert.equal(pageTitle("({0}) {1}", "Koloda", 3), "(3) Koloda");
  assert.equal(pageTitle("({0}) {1}", "Koloda", 0), "Koloda");
});

test("a person is a friend only when both follow, and only a friend is online or not", () => {
  assert.equal(personState({ following: true, follows_me: true, online: true }), "online");
  assert.equal(personState({ following: true, follows_me: true, online: false }), "offline");
  assert.equal(personState({ following: true, follows_me: false, online: null }), "waiting");
  assert.equal(personState({ following: false, follows_me: true, online: null }), "follows_you");
});

test("an empty name or one's own (in any case or spacing) is said before it is sent", () => {
  assert.equal(followProblem("  ", "Anna"), "name");
  assert.equal(followProblem(undefined, "Anna"), "name");
  assert.equal(followProblem(" anna ", "Anna"), "self");
  assert.equal(followProblem("Anna  Smith", "anna smith"), "self");
  assert.equal(followProblem("Boris", "Anna"), null);
  assert.equal(followProblem("Boris", null), null);
});

test("only friends are offered for an invitation, the online ones first, then by name", () => {
  const people = [
    { name: "Vera", friend: true, online: false },
    { name: "Gleb", friend: false, online: null },
    { name: "Boris", friend: true, online: false },
    { name: "Zoya", friend: true, online: true },
  ];
  assert.deepEqual(invitable(people).map((p) => p.name), ["Zoya", "Boris", "Vera"]);
  assert.deepEqual(invitable([]), []);
});

test("a friend may be invited to a person's seat without a token, never to a bot's or one's own", () => {
  const seats = [
    { seat: 0, kind: "human", token: "t0" },
    { seat: 1, kind: "open", token: null },
    { seat: 2, kind: "bot:normal", token: null },
    { seat: 3, kind: "open" },
  ];
  assert.deepEqual(openSeats(seats), [1, 3]);
});

test("a friend's table offers joining at a free seat the reader has none at, and watching always", () => {
  const seats = (...states) => states.map((state, seat) => ({ seat, state }));
  assert.deepEqual(tableOffer({ seats: seats("taken", "open"), my_seat: null }), { join: true, watch: true, mine: null });
  assert.deepEqual(tableOffer({ seats: seats("taken", "joinable"), my_seat: null }).join, true);
  assert.deepEqual(tableOffer({ seats: seats("taken", "taken"), my_seat: null }), { join: false, watch: true, mine: null });
  assert.deepEqual(tableOffer({ seats: seats("taken", "open"), my_seat: 0 }), { join: false, watch: true, mine: 0 });
});

test("refusals are worded by what was asked", () => {
  assert.equal(refusalKey("follow", 404), "error.404");
  assert.equal(refusalKey("follow", 422), "error.422");
  assert.equal(refusalKey("invite", 403), "invite.error.403");
  assert.equal(refusalKey("invite", 409), "invite.error.409");
  for (const status of [404, 409, 410]) assert.equal(refusalKey("answer", status), "invitation_gone");
  assert.equal(refusalKey("answer", 0), "offline");
  assert.equal(refusalKey("invite", 500), "error.other");
});

test("the banner is drawn again only when the invitations change", () => {
  const a = [{ id: "x" }, { id: "y" }];
  assert.ok(sameInvitations(a, [{ id: "x" }, { id: "y" }]));
  assert.ok(!sameInvitations(a, [{ id: "y" }, { id: "x" }]));
  assert.ok(!sameInvitations(a, [{ id: "x" }]));
  assert.ok(sameInvitations([], []));
});
