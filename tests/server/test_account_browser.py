"""The optional account in the lobby, in a real headless Chromium (Debian's), driven by
Playwright: signing up with a passkey made by Chromium's virtual authenticator and signing in
with it again in another browser context, signing up and in by name and password with its
refusals (a taken name, a wrong password, too many of them), the account's page, and a
guest's tables kept when he signs up."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import needs_chromium, page_errors, shots_dir, wait_until
from server_support import ServerThread, serving

from koloda.server.accounts import PER_ACCOUNT

DESKTOP = (1280, 800)
PHONE = (390, 844)
PASSWORD = "correct horse battery"
AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
}

pytestmark = needs_chromium
numbers = itertools.count(1)


def fresh_name(stem: str) -> str:
    """An account name no other test of the module takes."""
    return f"{stem} {next(numbers)}"


@pytest.fixture(scope="module")
def account_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    yield from serving(tmp_path_factory, "accounts", bot_delay=0.02)


class Visitor:
    """A browser context on the lobby (at ``localhost``: a passkey's site must be a domain),
    with its script errors kept and, when asked, Chromium's virtual authenticator."""

    def __init__(self, browser: Any, server: ServerThread, size: tuple[int, int] = DESKTOP):
        self.base = server.url.replace("127.0.0.1", "localhost")
        self.size = size
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        self.page = self.context.new_page()
        self.errors = page_errors(self.page)
        self.cdp: Any = None
        self.authenticator = ""

    def add_authenticator(self) -> None:
        """Chromium's virtual platform authenticator (it makes and keeps passkeys)."""
        self.cdp = self.context.new_cdp_session(self.page)
        self.cdp.send("WebAuthn.enable")
        made = self.cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
        self.authenticator = made["authenticatorId"]

    def credentials(self) -> list[dict[str, Any]]:
        found = self.cdp.send("WebAuthn.getCredentials", {"authenticatorId": self.authenticator})
        credentials: list[dict[str, Any]] = found["credentials"]
        return credentials

    def open(self, language: str = "en") -> Any:
        self.page.goto(self.base + "/")
        self.page.wait_for_selector("#seat-0")
        if language != "en":
            self.page.click(f"[data-lang={language}]")
        return self.page

    def dialog(self, mode: str) -> None:
        """The account dialog open on signing up or in."""
        self.page.click("#account-sign-in")
        self.page.wait_for_selector("#account-dialog[open]")
        self.page.click(f"#tab-{mode.replace('_', '-')}")

    def by_password(self, mode: str, name: str, password: str) -> None:
        self.dialog(mode)
        self.page.fill("#account-name-input", name)
        if not self.page.is_visible("#account-password"):
            self.page.click("#account-password-box summary")
        self.page.fill("#account-password", password)
        self.page.click("#account-password-go")

    def signed_in_as(self, name: str) -> None:
        self.page.wait_for_selector("#account-menu:not(.hidden)")
        assert self.page.inner_text("#account-name") == name
        assert self.page.is_hidden("#account-sign-in")
        assert self.page.is_hidden("#account-dialog")

    def menu(self, item: str) -> None:
        self.page.click("#account-name")
        self.page.click(f"#account-{item}")

    def problem(self) -> str:
        wait_until(self.page, "document.getElementById('account-problem').textContent !== ''")
        text: str = self.page.inner_text("#account-problem")
        return text

    def me(self) -> int:
        """The status of GET /api/me with this context's cookie: 200 signed in, 401 not."""
        status: int = self.page.evaluate("fetch('/api/me').then((r) => r.status)")
        return status

    def api(self, path: str) -> Any:
        return self.page.evaluate(f"fetch({path!r}).then((r) => r.json())")

    def my_tables(self) -> list[str]:
        items = self.page.locator("#my-tables li").all()
        return [str(item.get_attribute("data-table")) for item in items]

    def fits(self) -> None:
        wide = self.page.evaluate("document.documentElement.scrollWidth")
        assert wide <= self.size[0], f"the page scrolls sideways: {wide} px in {self.size[0]}"

    def close(self) -> None:
        assert not self.errors, self.errors
        self.context.close()


def test_a_passkey_signs_up_and_signs_in_again_in_another_context(
    account_server: ServerThread, browser: Any
) -> None:
    first = Visitor(browser, account_server)
    first.add_authenticator()
    page = first.open()
    assert page.inner_text("#account-sign-in") == "Sign in"
    first.dialog("sign_up")
    assert page.inner_text("#account-passkey") == "Sign up with a passkey"
    name = fresh_name("Vera")
    page.fill("#account-name-input", name)
    page.click("#account-passkey")
    first.signed_in_as(name)
    made = first.credentials()
    assert len(made) == 1 and made[0]["isResidentCredential"]
    assert made[0]["rpId"] == "localhost"
    assert first.me() == 200

    first.menu("sign-out")
    page.wait_for_selector("#account-sign-in:not(.hidden)")
    assert page.is_hidden("#account-menu")
    assert first.me() == 401

    second = Visitor(browser, account_server)
    second.add_authenticator()
    second.cdp.send(
        "WebAuthn.addCredential",
        {"authenticatorId": second.authenticator, "credential": made[0]},
    )
    again = second.open()
    second.dialog("sign_in")
    assert again.inner_text("#account-passkey") == "Sign in with a passkey"
    again.click("#account-passkey")
    second.signed_in_as(name)
    assert second.me() == 200
    assert second.credentials()[0]["signCount"] > made[0]["signCount"]
    # a new browser has no name of its own yet: at the tables he is called as his account
    assert again.input_value("#name") == name
    first.close()
    second.close()


def test_a_password_account_adds_a_passkey_and_signs_in_with_it(
    account_server: ServerThread, browser: Any
) -> None:
    owner = Visitor(browser, account_server)
    owner.add_authenticator()
    page = owner.open()
    name = fresh_name("Lev")
    owner.by_password("sign_up", name, PASSWORD)
    owner.signed_in_as(name)
    assert owner.credentials() == []
    owner.menu("open")
    page.click("#account-add-passkey")
    page.wait_for_selector("#account-added:not(:empty)")
    assert page.inner_text("#account-added") == "The passkey is added: sign in with it next time."
    assert len(owner.credentials()) == 1
    page.click("#account-close")
    owner.menu("sign-out")
    page.wait_for_selector("#account-sign-in:not(.hidden)")
    owner.dialog("sign_in")
    page.click("#account-passkey")
    owner.signed_in_as(name)
    owner.close()


def test_a_passkey_the_site_does_not_know_is_refused_in_words(
    account_server: ServerThread, browser: Any
) -> None:
    stranger = Visitor(browser, account_server)
    stranger.add_authenticator()
    page = stranger.open()
    stranger.dialog("sign_in")
    page.click("#account-passkey")  # an authenticator with no passkey of this site
    assert stranger.problem() == "The passkey was not made or given. Try again, or use a password."
    assert stranger.me() == 401
    stranger.close()


def test_password_sign_up_a_taken_name_a_wrong_password_and_the_limit(
    account_server: ServerThread, browser: Any
) -> None:
    name = fresh_name("Pavel")
    anna = Visitor(browser, account_server)
    page = anna.open()
    anna.by_password("sign_up", "Jo", PASSWORD)
    assert anna.problem() == "A name has 3 to 24 letters, digits, spaces, _ or -."
    page.fill("#account-name-input", name)
    page.fill("#account-password", "short")
    page.click("#account-password-go")
    assert anna.problem() == "The password is too short: at least 8 characters."
    assert anna.me() == 401  # refused before it was sent
    page.fill("#account-password", PASSWORD)
    page.click("#account-password-go")
    anna.signed_in_as(name)

    other = Visitor(browser, account_server)
    other.open()
    other.by_password("sign_up", name.upper(), PASSWORD)
    assert other.problem() == "This name is taken; choose another."
    other.page.click("#tab-sign-in")
    assert other.page.inner_text("#account-password-go") == "Sign in with the password"
    assert other.page.inner_text("#account-problem") == ""
    other.page.fill("#account-password", "not the password")
    for _ in range(PER_ACCOUNT):  # failed sign-ins an account allows in its window
        other.page.evaluate("document.getElementById('account-problem').textContent = ''")
        other.page.click("#account-password-go")
        assert other.problem() == "Wrong name or password."
    other.page.evaluate("document.getElementById('account-problem').textContent = ''")
    other.page.fill("#account-password", PASSWORD)  # even the right one waits now
    other.page.click("#account-password-go")
    limit = re.fullmatch(r"Too many failed sign-ins\. Try again in (\d+) min\.", other.problem())
    assert limit and 1 <= int(limit.group(1)) <= 15, other.page.inner_text("#account-problem")
    assert other.me() == 401
    anna.close()
    other.close()


def create_table(page: Any) -> str:
    """A table started in the lobby (the first preset, bots in the other seats); its id."""
    page.click("#start")
    page.wait_for_selector("#invites:not(.hidden) #links .play-link")
    href = str(page.get_attribute("#links .play-link", "href"))
    table = re.search(r"/t/([^?]+)\?", href)
    assert table, href
    page.click("#another")
    return table.group(1)


def test_a_guest_with_two_tables_signs_up_and_keeps_them(
    account_server: ServerThread, browser: Any
) -> None:
    guest = Visitor(browser, account_server)
    page = guest.open()
    page.fill("#name", "Gleb")
    tables = {create_table(page), create_table(page)}
    wait_until(page, "document.querySelectorAll('#my-tables li').length === 2")
    assert set(guest.my_tables()) == tables
    name = fresh_name("Gleb")
    guest.by_password("sign_up", name, PASSWORD)
    guest.signed_in_as(name)
    kept = guest.api("/api/me/tables")
    assert {t["table_id"] for t in kept} == tables
    wait_until(page, "document.querySelectorAll('#my-tables li').length === 2")
    assert set(guest.my_tables()) == tables
    assert page.locator("#my-tables .remove").count() == 0  # the account's: not forgotten here

    elsewhere = Visitor(browser, account_server, PHONE)  # another device: nothing remembered
    there = elsewhere.open()
    assert elsewhere.my_tables() == []
    elsewhere.by_password("sign_in", name, PASSWORD)
    elsewhere.signed_in_as(name)
    wait_until(there, "document.querySelectorAll('#my-tables li').length === 2")
    assert set(elsewhere.my_tables()) == tables
    assert there.locator("#my-tables a.button").count() == 2  # each seat opens from here too
    elsewhere.fits()

    elsewhere.menu("sign-out-all")  # both devices are signed out
    there.wait_for_selector("#account-sign-in:not(.hidden)")
    assert guest.me() == 401 and elsewhere.me() == 401
    wait_until(there, "document.querySelectorAll('#my-tables li').length === 0")
    guest.menu("open")  # the first device finds its session gone at its next change
    page.check("#account-public")
    page.wait_for_selector("#account-sign-in:not(.hidden)")
    assert page.is_hidden("#account-dialog")
    wait_until(page, "document.querySelectorAll('#my-tables li .remove').length === 2")
    assert set(guest.my_tables()) == tables  # this browser's own list again
    guest.close()
    elsewhere.close()


def test_the_account_page_changes_the_public_profile_and_deletes_the_account(
    account_server: ServerThread, browser: Any
) -> None:
    owner = Visitor(browser, account_server)
    page = owner.open()
    name = fresh_name("Olga")
    owner.by_password("sign_up", name, PASSWORD)
    owner.signed_in_as(name)
    owner.menu("open")
    page.wait_for_selector("#account-own:not(.hidden)")
    assert page.inner_text("#account-title") == "My account"
    assert page.inner_text("#account-own-name") == name
    assert not page.is_checked("#account-public")
    page.check("#account-public")
    wait_until(page, "fetch('/api/me').then((r) => r.json()).then((b) => b.account.public_profile)")
    page.click("#account-delete")
    assert page.is_hidden("#account-delete")
    page.click("#account-delete-no")  # asked first, and kept
    assert page.is_visible("#account-delete") and page.is_hidden("#account-delete-yes")
    assert owner.me() == 200
    page.click("#account-delete")
    page.click("#account-delete-yes")
    page.wait_for_selector("#account-sign-in:not(.hidden)")
    assert owner.me() == 401
    owner.by_password("sign_in", name, PASSWORD)
    assert owner.problem() == "Wrong name or password."
    owner.close()


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_dialog_and_the_account_page_fit_in_both_languages(
    account_server: ServerThread, browser: Any, tmp_path: Path, language: str, size: tuple[int, int]
) -> None:
    visitor = Visitor(browser, account_server, size)
    page = visitor.open(language)
    label = f"{language}-{size[0]}x{size[1]}"
    visitor.dialog("sign_up")
    page.fill("#account-name-input", fresh_name("Konstantin Konstantin"))  # a long one
    page.click("#account-password-box summary")
    page.fill("#account-password", "short")
    page.click("#account-password-go")
    visitor.problem()
    visitor.fits()
    page.screenshot(path=str(shots_dir(tmp_path) / f"account-sign-up-{label}.png"))
    page.fill("#account-password", PASSWORD)
    page.click("#account-password-go")
    page.wait_for_selector("#account-menu:not(.hidden)")
    page.click("#account-name")
    page.wait_for_selector("#account-items:not(.hidden)")
    visitor.fits()
    page.screenshot(path=str(shots_dir(tmp_path) / f"account-menu-{label}.png"))
    page.click("#account-open")
    page.wait_for_selector("#account-own:not(.hidden)")
    page.click("#account-delete")
    visitor.fits()
    page.screenshot(path=str(shots_dir(tmp_path) / f"account-page-{label}.png"))
    if language == "ru":
        assert page.inner_text("#account-title") == "Мой аккаунт"
        assert page.inner_text("#account-delete-yes") == "Да, удалить"
    visitor.close()
