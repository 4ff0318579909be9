"""Friends in the lobby, in a real headless Chromium (Debian's) driven by Playwright: two
players signed in follow each other, one sets up a table and invites the other to its open
seat, the other's lobby shows the invitation (and "(1)" in the page's title) and accepting it
seats him at the table, bound to his account. Screenshots in English and Russian, on a
desktop and a phone."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_support import needs_chromium, shots_dir, wait_until
from server_support import ServerThread, serving
from test_account_browser import DESKTOP, PASSWORD, PHONE, Visitor, fresh_name

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def friends_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    yield from serving(tmp_path_factory, "friends", bot_delay=0.02)


def signed_up(browser: Any, server: ServerThread, stem: str, size: tuple[int, int]) -> Visitor:
    visitor = Visitor(browser, server, size)
    visitor.open()
    name = fresh_name(stem)
    visitor.by_password("sign_up", name, PASSWORD)
    visitor.signed_in_as(name)
    visitor.page.wait_for_selector("#friends:not(.hidden)")
    return visitor


def follow(visitor: Visitor, name: str) -> None:
    page = visitor.page
    page.fill("#friends-name", name)
    page.click("#friends-follow")
    page.wait_for_selector(f'#friends-list li[data-name="{name}"]')


def shoot(visitor: Visitor, folder: Path, what: str, at: str | None = None) -> None:
    """A screenshot in each language (scrolled to ``at``); the page fits its width in both."""
    for language in ("en", "ru"):
        visitor.page.click(f"[data-lang={language}]")
        visitor.fits()
        if at is not None:
            visitor.page.locator(at).scroll_into_view_if_needed()
        size = "phone" if visitor.size == PHONE else "desktop"
        visitor.page.screenshot(path=str(folder / f"friends-{what}-{size}-{language}.png"))
    visitor.page.click("[data-lang=en]")


def test_friends_invite_each_other_and_the_invited_one_lands_at_the_table(
    friends_server: ServerThread, browser: Any, tmp_path: Path
) -> None:
    folder = shots_dir(tmp_path)
    anna = signed_up(browser, friends_server, "Anna", DESKTOP)
    boris = signed_up(browser, friends_server, "Boris", DESKTOP)
    a_name, b_name = anna.page.inner_text("#account-name"), boris.page.inner_text("#account-name")

    follow(anna, b_name)
    assert "not a friend until" in anna.page.inner_text(f'#friends-list li[data-name="{b_name}"]')
    boris.page.fill("#friends-name", a_name.upper())  # any case finds the account
    boris.page.click("#friends-follow")
    item = f'#friends-list li[data-name="{a_name}"]'
    boris.page.wait_for_selector(f"{item}.online")
    assert boris.page.inner_text(f"{item} .meta") == "online"
    boris.page.click("[data-lang=ru]")  # what was said is said again in the new language
    assert boris.page.inner_text("#friends-status") == f"Вы подписаны на игрока {a_name}."
    assert boris.page.inner_text(f"{item} .meta") == "в сети"
    boris.page.click("[data-lang=en]")

    page = anna.page
    page.select_option("#seat-1", "open")
    page.click("#start")
    page.wait_for_selector("#invites:not(.hidden)")
    control = '#links li[data-seat="1"] .friend-invite'
    page.wait_for_selector(f"{control} select option[value='{b_name}']", state="attached")
    assert page.locator('#links li[data-seat="0"] .friend-invite').count() == 0  # her own
    assert page.locator('#links li[data-seat="2"]').count() == 0  # a bot's
    href = str(page.get_attribute("#links .play-link", "href"))
    found = re.search(r"/t/([^?]+)\?", href)
    assert found
    table_id = found.group(1)
    page.select_option(f"{control} select", b_name)
    page.click(f"{control} .invite-send")
    wait_until(page, f"document.querySelector('{control} [role=status]').textContent !== ''")
    assert page.inner_text(f"{control} [role=status]").startswith(f"{b_name} is invited")
    shoot(anna, folder, "invite")
    page.click("#another")  # later, from "My tables": the same seat, invited anew
    mine = f'#my-tables > li[data-table="{table_id}"] details.friend-invite-mine'
    page.click(f"{mine} summary")
    page.select_option(f"{mine} select", b_name)
    page.click(f"{mine} .invite-send")
    wait_until(page, f"document.querySelector('{mine} [role=status]').textContent !== ''")
    assert page.inner_text(f"{mine} [role=status]").startswith(f"{b_name} is invited")
    shoot(anna, folder, "mine", at="#mine")

    there = boris.page
    there.wait_for_selector("#friend-invitations:not(.hidden) .accept", timeout=25000)
    text = there.inner_text("#friend-invitations-list li")
    assert f"{a_name} invites you to" in text and "seat 2" in text
    assert there.title().startswith("(1) ")
    assert anna.page.title() == "Koloda — card room"  # nothing waits for her
    shoot(boris, folder, "invitation")
    wait_until(there, "document.querySelectorAll('#friends-tables-list > li').length === 1")
    phone = Visitor(browser, friends_server, PHONE)  # his phone shows it too
    phone.open()
    phone.by_password("sign_in", b_name, PASSWORD)
    phone.signed_in_as(b_name)
    phone.page.wait_for_selector("#friend-invitations:not(.hidden) .accept")
    assert phone.page.title().startswith("(1) ")
    shoot(phone, folder, "invitation")
    phone.page.click("[data-lang=ru]")
    assert phone.page.title().startswith("(1) Колода")
    assert "приглашает вас" in phone.page.inner_text("#friend-invitations-list li")
    phone.page.click("[data-lang=en]")

    there.click("#friend-invitations .accept")
    there.wait_for_url(re.compile(rf"/t/{re.escape(table_id)}\?token="))
    there.wait_for_selector("#felt, .felt, main")
    mine = boris.api("/api/me/tables")
    assert [(t["table_id"], t["seat"]) for t in mine] == [(table_id, 1)]
    facts = httpx.get(f"{friends_server.url}/api/tables/{table_id}").json()
    assert facts["seats"][1]["state"] == "taken" and facts["seats"][1]["name"] == b_name

    phone.page.reload()  # answered: gone from his other lobby, and from the title
    phone.page.wait_for_selector("#friends:not(.hidden)")
    wait_until(phone.page, "document.getElementById('friends-list').children.length > 0")
    assert phone.page.is_hidden("#friend-invitations")
    assert not phone.page.title().startswith("(")
    wait_until(phone.page, "document.querySelectorAll('#friends-tables-list > li').length === 1")
    offered = phone.page.inner_text("#friends-tables-list > li")
    assert a_name in offered and "you sit here (seat 2)" in offered
    assert phone.page.locator("#friends-tables-list .join").count() == 0
    assert phone.page.get_attribute("#friends-tables-list a.watch", "href") == f"/t/{table_id}"
    shoot(phone, folder, "tables", at="#friends-tables")
    for visitor in (anna, boris, phone):
        visitor.close()
