"""Passkeys end to end with a software authenticator written here (an EC P-256 key; the
attestation "none"; authenticatorData and clientDataJSON built as the WebAuthn spec says):
a new account made with a passkey, signing in with it from another browser, another passkey
added to a signed-in account, and answers refused: replayed, from another origin, for another
relying party, signed by another key."""

from __future__ import annotations

import hashlib
import json
import os
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from server_support import ServerThread
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url, encode_cbor

UP, UV, AT = 0x01, 0x04, 0x40
"""authenticatorData flags: user present, user verified, attested credential data."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    path: Path = tmp_path_factory.mktemp("passkeys") / "koloda.db"
    running = ServerThread(f"sqlite:///{path}").start()
    yield running
    running.stop()


class Authenticator:
    """A passkey on a software authenticator: one P-256 key, its credential id, its
    signature counter."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.credential_id = os.urandom(32)
        self.count = 0

    def cose_key(self) -> bytes:
        """The public key as COSE_Key (EC2, ES256, P-256)."""
        numbers = self.key.public_key().public_numbers()
        return encode_cbor(
            {
                1: 2,
                3: -7,
                -1: 1,
                -2: numbers.x.to_bytes(32, "big"),
                -3: numbers.y.to_bytes(32, "big"),
            }
        )

    def auth_data(self, rp_id: str, attested: bool) -> bytes:
        self.count += 1
        flags = UP | UV | (AT if attested else 0)
        data = hashlib.sha256(rp_id.encode()).digest() + bytes([flags])
        data += struct.pack(">I", self.count)
        if attested:
            data += bytes(16)  # the AAGUID: none
            data += struct.pack(">H", len(self.credential_id)) + self.credential_id
            data += self.cose_key()
        return data

    def create(self, options: dict[str, Any], origin: str) -> dict[str, Any]:
        """``navigator.credentials.create``'s answer, as ``toJSON()`` gives it."""
        client_data = client_data_json("webauthn.create", options["challenge"], origin)
        attestation = encode_cbor(
            {
                "fmt": "none",
                "attStmt": {},
                "authData": self.auth_data(options["rp"]["id"], attested=True),
            }
        )
        return {
            "id": bytes_to_base64url(self.credential_id),
            "rawId": bytes_to_base64url(self.credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": bytes_to_base64url(client_data),
                "attestationObject": bytes_to_base64url(attestation),
                "transports": ["internal"],
            },
            "clientExtensionResults": {},
        }

    def get(self, options: dict[str, Any], origin: str, rp_id: str | None = None) -> dict[str, Any]:
        """``navigator.credentials.get``'s answer: the challenge signed."""
        client_data = client_data_json("webauthn.get", options["challenge"], origin)
        auth_data = self.auth_data(rp_id or options["rpId"], attested=False)
        signed = auth_data + hashlib.sha256(client_data).digest()
        signature = self.key.sign(signed, ec.ECDSA(hashes.SHA256()))
        return {
            "id": bytes_to_base64url(self.credential_id),
            "rawId": bytes_to_base64url(self.credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": bytes_to_base64url(client_data),
                "authenticatorData": bytes_to_base64url(auth_data),
                "signature": bytes_to_base64url(signature),
                "userHandle": None,
            },
            "clientExtensionResults": {},
        }


def client_data_json(kind: str, challenge: str, origin: str) -> bytes:
    return json.dumps(
        {"type": kind, "challenge": challenge, "origin": origin, "crossOrigin": False}
    ).encode()


def register(server: ServerThread, name: str) -> tuple[httpx.Client, Authenticator]:
    """A new account made with a passkey: the signed-in client and its authenticator."""
    client, authenticator = httpx.Client(base_url=server.url), Authenticator()
    begun = client.post("/api/passkeys/register/begin", json={"name": name})
    assert begun.status_code == 200, begun.text
    options = begun.json()["options"]
    assert options["rp"]["id"] == "127.0.0.1"
    assert options["attestation"] == "none"
    answer = authenticator.create(options, server.url)
    done = client.post(
        "/api/passkeys/register/finish",
        json={"challenge_id": begun.json()["challenge_id"], "credential": answer},
    )
    assert done.status_code == 201, done.text
    assert done.json()["account"] == {
        "name": name,
        "created": done.json()["account"]["created"],
        "has_password": False,
        "public_profile": False,
        "languages": [],
    }
    return client, authenticator


def begin_sign_in(client: httpx.Client) -> tuple[str, dict[str, Any]]:
    begun = client.post("/api/passkeys/signin/begin")
    assert begun.status_code == 200, begun.text
    return begun.json()["challenge_id"], begun.json()["options"]


def finish(client: httpx.Client, challenge_id: str, credential: dict[str, Any]) -> httpx.Response:
    return client.post(
        "/api/passkeys/signin/finish",
        json={"challenge_id": challenge_id, "credential": credential},
    )


def test_a_passkey_makes_an_account_and_signs_in(server: ServerThread) -> None:
    first, authenticator = register(server, "Passkey Anna")
    assert first.get("/api/me").json()["account"]["name"] == "Passkey Anna"
    other = httpx.Client(base_url=server.url)
    challenge_id, options = begin_sign_in(other)
    assert base64url_to_bytes(options["challenge"]), "a challenge is given"
    signed = finish(other, challenge_id, authenticator.get(options, server.url))
    assert signed.status_code == 200, signed.text
    assert other.get("/api/me").json()["account"]["name"] == "Passkey Anna"
    # the name is taken, whatever its case, for a passkey as for a password
    taken = httpx.post(f"{server.url}/api/passkeys/register/begin", json={"name": "passkey anna"})
    assert taken.status_code == 409


def test_a_replayed_answer_is_refused(server: ServerThread) -> None:
    _, authenticator = register(server, "Replay Boris")
    client = httpx.Client(base_url=server.url)
    challenge_id, options = begin_sign_in(client)
    answer = authenticator.get(options, server.url)
    assert finish(client, challenge_id, answer).status_code == 200
    again = httpx.Client(base_url=server.url)
    assert finish(again, challenge_id, answer).status_code == 400, "the challenge is used"
    fresh_id, _ = begin_sign_in(again)
    replayed = finish(again, fresh_id, answer)
    assert replayed.status_code == 401, "signed over another challenge"
    assert again.get("/api/me").status_code == 401


def test_an_answer_for_another_origin_or_site_or_key_is_refused(server: ServerThread) -> None:
    _, authenticator = register(server, "Careful Vera")
    client = httpx.Client(base_url=server.url)
    impostor = Authenticator()
    impostor.credential_id = authenticator.credential_id  # the same passkey's id, another key
    impostor.count = 1000  # ahead of the real counter: only the signature is wrong
    for wrong, why in (
        (lambda options: authenticator.get(options, "https://evil.example"), "origin"),
        (lambda options: authenticator.get(options, server.url, rp_id="evil.example"), "RP ID"),
        (lambda options: impostor.get(options, server.url), "signature"),
    ):
        challenge_id, options = begin_sign_in(client)
        refused = finish(client, challenge_id, wrong(options))
        assert refused.status_code == 401 and why in refused.json()["detail"], refused.text
    assert client.get("/api/me").status_code == 401
    # an unknown passkey
    challenge_id, options = begin_sign_in(client)
    assert finish(client, challenge_id, Authenticator().get(options, server.url)).status_code == 401


def test_a_registration_for_another_origin_is_refused(server: ServerThread) -> None:
    client = httpx.Client(base_url=server.url)
    begun = client.post("/api/passkeys/register/begin", json={"name": "Elsewhere Gleb"})
    answer = Authenticator().create(begun.json()["options"], "https://evil.example")
    done = client.post(
        "/api/passkeys/register/finish",
        json={"challenge_id": begun.json()["challenge_id"], "credential": answer},
    )
    assert done.status_code == 400
    assert client.get("/api/me").status_code == 401, "no account was made"
    again = client.post("/api/passkeys/register/begin", json={"name": "Elsewhere Gleb"})
    assert again.status_code == 200, "the name is still free"


def test_a_signed_in_account_adds_a_passkey(server: ServerThread) -> None:
    client = httpx.Client(base_url=server.url)
    made = client.post("/api/accounts", json={"name": "Password Dina", "password": "long enough"})
    token = made.json()["csrf_token"]
    refused = client.post("/api/passkeys/register/begin", json={})
    assert refused.status_code == 403, "CSRF"
    begun = client.post("/api/passkeys/register/begin", json={}, headers={"X-CSRF-Token": token})
    assert begun.status_code == 200, begun.text
    authenticator = Authenticator()
    done = client.post(
        "/api/passkeys/register/finish",
        json={
            "challenge_id": begun.json()["challenge_id"],
            "credential": authenticator.create(begun.json()["options"], server.url),
        },
        headers={"X-CSRF-Token": token},
    )
    assert done.status_code == 200, done.text
    assert done.json()["account"]["name"] == "Password Dina"
    other = httpx.Client(base_url=server.url)
    challenge_id, options = begin_sign_in(other)
    assert finish(other, challenge_id, authenticator.get(options, server.url)).status_code == 200
    assert other.get("/api/me").json()["account"]["has_password"] is True
