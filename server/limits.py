"""The server's limits, each a `serve` flag, and the one line a client is told when one refuses
it. The bookkeeping here is plain Python (no asyncssh), so it is tested on its own."""

from __future__ import annotations

import ipaddress
from collections import Counter
from dataclasses import dataclass

from core.errors import reason_of
from core.i18n import DEFAULT_LANGUAGE, N_, Translator, translator
from core.narration import Message
from core.text import (
    MAX_NAME_CELLS,
    MAX_NAME_CHARS,
    SERVED_NAME_CELLS,
    THE_NAME,
    BadText,
    check_line,
)

BURST_SECONDS = 4
"""Input may come in bursts of this many seconds' worth of the rate (a paste, a sweep of the
mouse, a terminal's answers at start), as long as the average stays under the rate."""


@dataclass(frozen=True)
class Limits:
    """What one server allows. The defaults suit a game night on a small machine."""

    per_address: int = 8
    """Connections at once from one IP address (a household shares one); also the unfinished
    tables that may be made from one address (server.tables: one a person it lets in)."""
    sessions: int = 32
    """Connections at once in all, each with at most one session (one app child each)."""
    idle_timeout: float = 1800.0
    """Seconds without a byte of input before a session is closed."""
    input_rate: int = 4096
    """Bytes of input a second, on average, that a session may send (typing sends a few)."""
    name_cells: int = SERVED_NAME_CELLS
    """The widest player name, in terminal cells (a Japanese character is 2)."""
    chat_rate: int = 12
    """Chat lines a minute a player may say at a table: that many at once, then one every
    60/chat_rate seconds (enough to talk tactics, too few to push everyone's lines away). The
    allowance is the player's at that table (server.tables), so a reconnect keeps it."""
    table_grace: float = 1800.0
    """Seconds an unfinished table waits with none of its players connected before it is
    closed (server.tables, `Hub.close_abandoned`): its game stays the host's save."""

    def problems(self) -> list[Message]:
        """What is wrong with these limits, one line each naming its flag (nothing: they can
        be used), to be said in the reader's language (str(): English)."""
        found = []
        for field in ("per_address", "sessions", "input_rate", "chat_rate"):
            if getattr(self, field) < 1:
                found.append(
                    Message(
                        N_("{flag} must be at least 1, not {value}"),
                        flag=_flag(field),
                        value=getattr(self, field),
                    )
                )
        for field in ("idle_timeout", "table_grace"):
            if not getattr(self, field) > 0:
                found.append(
                    Message(
                        N_("{flag} must be more than 0 seconds, not {value:g}"),
                        flag=_flag(field),
                        value=getattr(self, field),
                    )
                )
        if not 1 <= self.name_cells <= MAX_NAME_CELLS:
            found.append(
                Message(
                    N_("{flag} must be 1 to {most}, not {value}"),
                    flag=_flag("name_cells"),
                    most=MAX_NAME_CELLS,
                    value=self.name_cells,
                )
            )
        return found

    # --- the refusals, one line each -------------------------------------------------------

    def too_many_from_address(self) -> Message:
        """(A Message: the client is told it in English, str(), for a connection refused says
        nothing of its language; the operator's log says it in the operator's.)"""
        return Message(
            N_("partyline: too many connections from your address (at most {count})"),
            count=self.per_address,
        )

    def server_full(self) -> Message:
        return Message(
            N_("partyline: the server is full (at most {count} sessions); try later"),
            count=self.sessions,
        )

    def idle(self, _: Translator | None = None) -> str:
        """The line for a session closed for idleness, in `_`'s language (else English)."""
        _ = _ or translator(DEFAULT_LANGUAGE)
        seconds = self.idle_timeout
        if seconds >= 120 and seconds % 60 == 0:
            return _(
                "partyline: no input for {minutes} minutes: the session is closed",
                minutes=int(seconds // 60),
            )
        if seconds == int(seconds):
            return _.ngettext(
                "partyline: no input for {n} second: the session is closed",
                "partyline: no input for {n} seconds: the session is closed",
                int(seconds),
            )
        return _(
            "partyline: no input for {seconds:g} seconds: the session is closed", seconds=seconds
        )

    def input_flood(self, _: Translator | None = None) -> str:
        """The line for a session closed for sending too fast, in `_`'s language."""
        _ = _ or translator(DEFAULT_LANGUAGE)
        return _(
            "partyline: input faster than {rate} bytes a second: the session is closed",
            rate=self.input_rate,
        )

    def name_problem(self, name: str) -> Message | None:
        """Why `name` (an SSH user name, a guest's) cannot be a player's name, as a catalog
        message; None if it can be."""
        try:
            check_line(name, what=THE_NAME, max_cells=self.name_cells, max_chars=MAX_NAME_CHARS)
        except BadText as error:
            return Message(N_("partyline: {error}"), error=reason_of(error))
        return None

    def name_refusal(self, name: str, _: Translator | None = None) -> str | None:
        """`name_problem` written out in `_`'s language (else English: an SSH user name is
        refused before the client says which language it reads)."""
        problem = self.name_problem(name)
        if problem is None:
            return None
        return (_ or translator(DEFAULT_LANGUAGE))(problem)


@dataclass(frozen=True)
class LimitFlag:
    """A limit as a `serve` flag: the command line and the refusals name limits by these."""

    flag: str
    field: str
    """Its field of Limits."""
    kind: type[int] | type[float]
    metavar: str
    help: str
    """What it limits: a catalog message (N_), said in the reader's language."""


LIMIT_FLAGS = (
    LimitFlag(
        "--max-per-address",
        "per_address",
        int,
        "N",
        N_("connections at once from one address, and unfinished tables made from one"),
    ),
    LimitFlag(
        "--max-sessions", "sessions", int, "N", N_("connections at once in all, a session each")
    ),
    LimitFlag(
        "--idle-timeout", "idle_timeout", float, "SECONDS", N_("close a session idle this long")
    ),
    LimitFlag(
        "--max-input-rate", "input_rate", int, "BYTES", N_("input a session may send a second")
    ),
    LimitFlag(
        "--max-name-length", "name_cells", int, "CELLS", N_("the widest player name, in cells")
    ),
    LimitFlag(
        "--max-chat-rate",
        "chat_rate",
        int,
        "LINES",
        N_("chat lines a player may say a minute at a table (a reconnect keeps the count)"),
    ),
    LimitFlag(
        "--table-grace",
        "table_grace",
        float,
        "SECONDS",
        N_("close an unfinished table none of whose players is connected for this long"),
    ),
)


def _flag(field: str) -> str:
    return next(limit.flag for limit in LIMIT_FLAGS if limit.field == field)


def address_group(address: str) -> str:
    """The address one person's connections and tables are counted under: a global IPv6
    address's /64 (a home or a host is given a whole /64, and may connect from any address in
    it), an IPv4 address mapped into IPv6 as the IPv4; any other address as it is: an IPv4
    address, and an IPv6 one of a local network (link-local, with its interface, or unique
    local), where each guest of a party in the same room has one of the same /64, as each has
    an IPv4 address of their own."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address  # (not an IP address: "?" when the peer is not known)
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        if ip.is_global:
            return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class Admission:
    """Who is connected: a count per address and in all, against the limits."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._by_address: Counter[str] = Counter()

    @property
    def total(self) -> int:
        return sum(self._by_address.values())

    def admit(self, address: str) -> Message | None:
        """Count a new connection from `address`, or say in one line why it is refused (and
        count nothing)."""
        if self.total >= self.limits.sessions:
            return self.limits.server_full()
        if self._by_address[address] >= self.limits.per_address:
            return self.limits.too_many_from_address()
        self._by_address[address] += 1
        return None

    def release(self, address: str) -> None:
        """A connection that `admit` counted has ended."""
        self._by_address[address] -= 1
        if self._by_address[address] <= 0:
            del self._by_address[address]


CHAT_TOO_FAST = N_("you are chatting too fast: the limit is {count} a minute")
"""The refusal of a chat line past `Limits.chat_rate` (server.tables)."""


def chat_bucket(lines_a_minute: int, now: float) -> TokenBucket:
    """A player's chat allowance: `lines_a_minute` at once, then one every 60/that seconds."""
    return TokenBucket(lines_a_minute / 60, lines_a_minute, now)


class TokenBucket:
    """The input rate limit: `rate` bytes a second on average, bursts up to `capacity`. The
    clock is passed in (seconds, monotonic), so the arithmetic is tested without waiting."""

    def __init__(self, rate: float, capacity: float, now: float) -> None:
        self.rate = rate
        self.capacity = capacity
        self._tokens = capacity
        self._last = now

    def take(self, amount: int, now: float) -> bool:
        """Spend `amount` bytes' worth if the bucket holds that much; False (spending nothing)
        if the input is coming faster than the rate allows."""
        self._tokens = min(self.capacity, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if amount > self._tokens:
            return False
        self._tokens -= amount
        return True

    def full(self, now: float) -> bool:
        """Whether the bucket has refilled to its capacity by `now` (the same as a new one)."""
        return self._tokens + (now - self._last) * self.rate >= self.capacity
