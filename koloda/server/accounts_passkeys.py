"""Passkeys (WebAuthn) for accounts: registering one (a new account's, or another for a
signed-in account) and signing in with one, each a ceremony in two steps.

``begin`` hands out options with a fresh challenge, kept in the database for a few minutes
(any server process may finish the ceremony) and taken away on its first use, so an answer
cannot be replayed. ``finish`` checks the authenticator's answer with the ``webauthn``
library against that challenge, the relying party (the host the request was made to) and the
origin of the page (the server's own). Attestation is not asked for ("none").
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.exceptions import (
    InvalidAuthenticationResponse,
    InvalidCBORData,
    InvalidJSONStructure,
    InvalidRegistrationResponse,
)
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from koloda.server.accounts import (
    CHALLENGE_SECONDS,
    Account,
    AccountError,
    Accounts,
    clean_name,
    name_key,
)
from koloda.server.accounts_store import accounts_table, challenges_table, passkeys_table

RP_NAME = "Koloda"
REFUSED = (
    InvalidAuthenticationResponse,
    InvalidRegistrationResponse,
    InvalidJSONStructure,
    InvalidCBORData,
    KeyError,
    ValueError,
    TypeError,
)
"""What a malformed or wrong answer of an authenticator raises while it is checked."""


def _keep_challenge(
    accounts: Accounts,
    challenge: bytes,
    purpose: str,
    account_id: str | None = None,
    name: str | None = None,
) -> str:
    """Keep a challenge for a few minutes; its id (the client sends it back)."""
    challenge_id, now = secrets.token_urlsafe(24), time.time()
    with accounts.engine.begin() as connection:
        connection.execute(delete(challenges_table).where(challenges_table.c.expires < now))
        connection.execute(
            insert(challenges_table).values(
                id=challenge_id,
                challenge=bytes_to_base64url(challenge),
                purpose=purpose,
                account_id=account_id,
                name=name,
                expires=now + CHALLENGE_SECONDS,
            )
        )
    return challenge_id


def _take_challenge(accounts: Accounts, challenge_id: str, purpose: str) -> Any:
    """The challenge's row, taken away (used once); AccountError 400 when it is unknown,
    used already or expired."""
    with accounts.engine.begin() as connection:
        row = connection.execute(
            select(challenges_table).where(
                challenges_table.c.id == challenge_id, challenges_table.c.purpose == purpose
            )
        ).first()
        taken = connection.execute(
            delete(challenges_table).where(challenges_table.c.id == challenge_id)
        )
    if row is None or taken.rowcount != 1 or row.expires < time.time():
        raise AccountError(400, "the passkey challenge is unknown, used or expired")
    return row


def register_begin(
    accounts: Accounts, rp_id: str, account: Account | None, name: str | None
) -> tuple[str, dict[str, Any]]:
    """Options to make a passkey: for the signed-in ``account``, else for a new account
    named ``name`` (made when the passkey is). The challenge's id and the options."""
    if account is None:
        if name is None:
            raise AccountError(422, "a new account needs a name")
        cleaned = clean_name(name)
        _check_free(accounts, cleaned)
        user_id, user_name, excluded = secrets.token_hex(16), cleaned, []
    else:
        user_id, user_name, cleaned = account.id, account.name, account.name
        excluded = [
            PublicKeyCredentialDescriptor(id=base64url_to_bytes(c))
            for c in _credential_ids(accounts, account.id)
        ]
    options = generate_registration_options(
        rp_id=rp_id,
        rp_name=RP_NAME,
        user_name=user_name,
        user_id=user_id.encode(),
        exclude_credentials=excluded,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.PREFERRED,
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
    )
    challenge_id = _keep_challenge(
        accounts, options.challenge, "register", account.id if account else user_id, cleaned
    )
    public: dict[str, Any] = json.loads(options_to_json(options))
    return challenge_id, public


def register_finish(
    accounts: Accounts,
    challenge_id: str,
    credential: dict[str, Any],
    rp_id: str,
    origin: str,
    signed_in: Account | None,
) -> Account:
    """Check the new passkey and keep it: for the account the ceremony began for (made now
    when it is a new one). AccountError 400 for a refused answer."""
    row = _take_challenge(accounts, challenge_id, "register")
    if signed_in is not None and row.account_id != signed_in.id:
        raise AccountError(400, "the passkey challenge is for another account")
    try:
        verified = verify_registration_response(
            credential=credential,
            expected_challenge=base64url_to_bytes(row.challenge),
            expected_rp_id=rp_id,
            expected_origin=origin,
        )
    except REFUSED as error:
        raise AccountError(400, f"the passkey was refused: {error}") from None
    account = signed_in or accounts.create(row.name, None, [], account_id=row.account_id)
    try:
        with accounts.engine.begin() as connection:
            connection.execute(
                insert(passkeys_table).values(
                    credential_id=bytes_to_base64url(verified.credential_id),
                    account_id=account.id,
                    public_key=bytes_to_base64url(verified.credential_public_key),
                    sign_count=verified.sign_count,
                    created=time.time(),
                )
            )
    except IntegrityError:
        if signed_in is None:
            accounts.delete(account.id)
        raise AccountError(409, "this passkey is registered already") from None
    return account


def signin_begin(accounts: Accounts, rp_id: str) -> tuple[str, dict[str, Any]]:
    """Options to sign in with any passkey of this site (the authenticator offers its
    own): the challenge's id and the options."""
    options = generate_authentication_options(
        rp_id=rp_id, user_verification=UserVerificationRequirement.PREFERRED
    )
    challenge_id = _keep_challenge(accounts, options.challenge, "signin")
    public: dict[str, Any] = json.loads(options_to_json(options))
    return challenge_id, public


def signin_finish(
    accounts: Accounts,
    challenge_id: str,
    credential: dict[str, Any],
    rp_id: str,
    origin: str,
    address: str,
) -> Account:
    """The account whose passkey answered the challenge; AccountError 401 for a refused
    answer (counted like a wrong password), 429 over the limits."""
    keys = [f"address:{address}"]
    accounts.check_attempts(keys)
    row = _take_challenge(accounts, challenge_id, "signin")
    found = (
        select(passkeys_table, accounts_table.c.name_key)
        .join(accounts_table, accounts_table.c.id == passkeys_table.c.account_id)
        .where(passkeys_table.c.credential_id == str(credential.get("id", "")))
    )
    with accounts.engine.connect() as connection:
        passkey = connection.execute(found).first()
    if passkey is None:
        accounts.record_failure(keys)
        raise AccountError(401, "this passkey is not known here")
    keys.append(f"account:{passkey.name_key}")
    accounts.check_attempts(keys)
    try:
        verified = verify_authentication_response(
            credential=credential,
            expected_challenge=base64url_to_bytes(row.challenge),
            expected_rp_id=rp_id,
            expected_origin=origin,
            credential_public_key=base64url_to_bytes(passkey.public_key),
            credential_current_sign_count=passkey.sign_count,
        )
    except REFUSED as error:
        accounts.record_failure(keys)
        raise AccountError(401, f"the passkey was refused: {error}") from None
    with accounts.engine.begin() as connection:
        connection.execute(
            update(passkeys_table)
            .where(passkeys_table.c.credential_id == passkey.credential_id)
            .values(sign_count=verified.new_sign_count)
        )
    account = accounts.get(passkey.account_id)
    if account is None:
        raise AccountError(401, "this passkey's account is gone")
    return account


def _check_free(accounts: Accounts, name: str) -> None:
    with accounts.engine.connect() as connection:
        taken = connection.execute(
            select(accounts_table.c.id).where(accounts_table.c.name_key == name_key(name))
        ).first()
    if taken is not None:
        raise AccountError(409, f"the name {name!r} is taken")


def _credential_ids(accounts: Accounts, account_id: str) -> list[str]:
    with accounts.engine.connect() as connection:
        rows = connection.execute(
            select(passkeys_table.c.credential_id).where(passkeys_table.c.account_id == account_id)
        )
        return [str(row[0]) for row in rows]
