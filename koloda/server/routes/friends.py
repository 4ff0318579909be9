"""The friends' routes, for signed-in players: following and unfollowing by name, the people
one follows or who follow one (friends: both ways, with whether they are online), inviting
a friend to an open seat of one's table, one's invitations (the lobby asks every few
seconds), accepting (the seat is taken and bound to the invitee's account) or declining one,
and the friends' tables to join or watch. Everything is in the database (``friends``), so
any process on it answers; accepting takes the seat at the process that plays the table."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response

from koloda.server import joining
from koloda.server.accounts_guard import accounts_of, answered, bind_seat, signed_in
from koloda.server.friends import ACCEPTED, DECLINED, FriendTable, Invitation, Person
from koloda.server.friends_http import (
    FollowName,
    FriendTableFacts,
    InvitationFacts,
    InvitationList,
    Invite,
    People,
    PersonFacts,
)
from koloda.server.friends_invitations import Invitations
from koloda.server.protocol.http import Problem, SeatTaken
from koloda.server.routes.common import manager_of, table_or_404
from koloda.server.routes.ratings import seated_account
from koloda.server.seating import SeatingError

router = APIRouter(tags=["friends"])

WHY = {
    401: "not signed in",
    403: "the CSRF token is missing or wrong, not a friend, or not your table",
    404: "no such account, table or invitation",
    409: "the seat is not free, the game is over, or the invitation was answered",
    410: "the invitation expired, or its seat or table is gone",
    422: "yourself, or too many follows or open invitations",
}


def _answers(*statuses: int) -> dict[int | str, dict[str, Any]]:
    return {status: {"model": Problem, "description": WHY[status]} for status in statuses}


def invitations_of(request: Request) -> Invitations:
    """The app's invitations and follows, on the store's database (made on first use)."""
    found: Invitations | None = getattr(request.app.state, "invitations", None)
    if found is None:
        found = Invitations(accounts_of(request).engine)
        request.app.state.invitations = found
    return found


def _person(person: Person) -> PersonFacts:
    return PersonFacts.model_validate(person, from_attributes=True)


def _invitation(found: Invitation) -> InvitationFacts:
    return InvitationFacts.model_validate(found, from_attributes=True)


def _table(table: FriendTable) -> FriendTableFacts:
    return FriendTableFacts.model_validate(table, from_attributes=True)


@router.get("/api/friends", response_model=People, responses=_answers(401))
async def people(request: Request) -> People:
    """Whom you follow and who follows you; friends (both ways) first, each with whether
    he is online."""
    session = await signed_in(request)
    found = await answered(invitations_of(request).friends.people, session.account.id)
    return People(people=[_person(p) for p in found])


@router.post("/api/friends", response_model=PersonFacts, responses=_answers(401, 403, 404, 422))
async def follow(request: Request, body: FollowName) -> PersonFacts:
    """Follow an account by its name (again: nothing changes). When he follows you too,
    you are friends."""
    session = await signed_in(request)
    found = await answered(invitations_of(request).friends.follow, session.account.id, body.name)
    return _person(found)


@router.delete("/api/friends/{name}", status_code=204, responses=_answers(401, 403, 404))
async def unfollow(request: Request, name: str) -> Response:
    """Follow an account no more (you are friends no more)."""
    session = await signed_in(request)
    await answered(invitations_of(request).friends.unfollow, session.account.id, name)
    return Response(status_code=204)


@router.get("/api/friends/tables", response_model=list[FriendTableFacts], responses=_answers(401))
async def friends_tables(request: Request) -> list[FriendTableFacts]:
    """Your friends' unfinished tables (a seat of theirs taken in the last day), newest
    first: join one at an open seat (``POST /api/tables/{id}/join``) or watch it (its page
    without a token)."""
    session = await signed_in(request)
    found = await answered(invitations_of(request).friends_tables, session.account.id)
    return [_table(t) for t in found]


@router.get("/api/invitations", response_model=InvitationList, responses=_answers(401))
async def invitations(request: Request) -> InvitationList:
    """Your open invitations, received and sent (an invitation whose seat was taken, whose
    table ended or whose time passed is not listed)."""
    session = await signed_in(request)
    received, sent = await answered(invitations_of(request).listed, session.account.id)
    return InvitationList(
        received=[_invitation(i) for i in received], sent=[_invitation(i) for i in sent]
    )


@router.post(
    "/api/invitations",
    status_code=201,
    response_model=InvitationFacts,
    responses=_answers(401, 403, 404, 409, 422),
)
async def invite(request: Request, body: Invite) -> InvitationFacts:
    """Invite a friend to an open seat of a table you sit at; he sees it in his lobby while
    it is open."""
    session = await signed_in(request)
    made = await answered(
        invitations_of(request).invite, session.account.id, body.name, body.table_id, body.seat
    )
    return _invitation(made)


@router.post(
    "/api/invitations/{invitation_id}/accept",
    response_model=SeatTaken,
    responses=_answers(401, 403, 404, 409, 410),
)
async def accept(request: Request, invitation_id: str) -> SeatTaken:
    """Accept an invitation: its seat is yours (bound to your account), named as your
    account; open its table with the token."""
    session = await signed_in(request)
    invitations = invitations_of(request)
    found = await answered(invitations.to_answer, invitation_id, session.account.id)
    table = await table_or_404(request, found.table_id)  # its owner answers, if another's
    if table.seating.rated is not None:
        await seated_account(request, table.id)
    try:
        seat, token = await joining.join(
            manager_of(request), table, found.seat, session.account.name
        )
    except SeatingError as error:
        raise HTTPException(error.status, error.message) from None
    await bind_seat(request, table.id, seat, token)
    await answered(invitations.settle, found.id, ACCEPTED)
    return SeatTaken(table_id=table.id, seat=seat, token=token)


@router.post(
    "/api/invitations/{invitation_id}/decline",
    response_model=InvitationFacts,
    responses=_answers(401, 403, 404, 409, 410),
)
async def decline(request: Request, invitation_id: str) -> InvitationFacts:
    """Decline an invitation: it is listed no more, and its seat stays free."""
    session = await signed_in(request)
    invitations = invitations_of(request)
    found = await answered(invitations.to_answer, invitation_id, session.account.id)
    return _invitation(await answered(invitations.settle, found.id, DECLINED))
