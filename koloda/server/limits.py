"""Limits that keep one client from taking the server: token buckets for table creation (per
address and in all) and for each connection's messages. An IPv6 client is counted by its /64,
the network a single subscriber usually holds whole."""

from __future__ import annotations

import ipaddress
import math
import time
from dataclasses import dataclass, field


def client_key(host: str) -> str:
    """The address a limit counts: an IPv4 address as it is (an IPv4 address mapped into IPv6
    too), an IPv6 address by its /64; anything else (a test client's name) as it is."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{address}/64", strict=False))
    return str(address)


@dataclass
class Bucket:
    """``capacity`` actions at once, refilled at ``capacity / seconds`` a second."""

    capacity: int
    seconds: float
    tokens: float = -1.0
    stamp: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = float(self.capacity)

    def take(self, now: float | None = None) -> float:
        """Take one token: 0.0 when allowed, else the seconds until one is free."""
        now = time.monotonic() if now is None else now
        rate = self.capacity / self.seconds
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return 0.0
        return (1.0 - self.tokens) / rate


@dataclass
class CreationLimit:
    """Tables a client address, and everyone together, may create."""

    per_address: int = 30
    total: int = 600
    seconds: float = 60.0
    max_addresses: int = 10_000
    """Buckets kept at most (the oldest are forgotten: a full bucket is the same as none)."""
    _buckets: dict[str, Bucket] = field(default_factory=dict)
    _all: Bucket | None = None

    def wait_for(self, address: str) -> int:
        """0 when ``address`` may create a table now, else the whole seconds to wait."""
        if self._all is None:
            self._all = Bucket(self.total, self.seconds)
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) >= self.max_addresses:
                self._buckets.pop(next(iter(self._buckets)))
            bucket = self._buckets[address] = Bucket(self.per_address, self.seconds)
        wait = bucket.take()
        if wait == 0.0:
            wait = self._all.take()
            if wait:
                bucket.tokens += 1.0  # the address did not get its table
        return math.ceil(wait)


@dataclass
class MessageLimit:
    """What one connection may send: 200 messages at once and 100 a second after that (a
    program may play fast), of which 40 at once and 10 a second may be other than moves
    (pings, table talk, hints, malformed messages)."""

    messages: Bucket = field(default_factory=lambda: Bucket(200, 2.0))
    chatter: Bucket = field(default_factory=lambda: Bucket(40, 4.0))

    def allows(self, is_move: bool) -> bool:
        if self.messages.take():
            return False
        return is_move or not self.chatter.take()
