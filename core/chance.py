"""Random outcomes: what a game may ask of chance, how it is drawn, which outcomes are possible.

A game never touches a random number generator. When it needs dice, a shuffled deck or a random
pick, its pending step is a `ChanceRequest`; the table draws the outcome and appends it to the log
as its own entry, then hands the outcome back to the game. Replay reads outcomes from the log and
never draws, so a hand-written save can script the dice, and `check_outcome` rejects the
impossible ones.

Each outcome is drawn from an RNG seeded by (table seed, log position). A game started again from
the same seed deals the same, and a save continued after loading draws exactly what the original
session would have drawn, without any RNG state in the file.
"""

from __future__ import annotations

import _random
import random
import threading
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from hashlib import sha512
from typing import TypeVar, cast

from core.frozen import fast_init
from core.narration import Joined, Message, Text

T = TypeVar("T")

Outcome = tuple[int, ...] | tuple[str, ...]

REST = "..."
"""The last value of a hand-written shuffle that gives only the cards on top: the rest of the
deck, in the order the seed draws it there (`complete_shuffle`)."""


class ChanceKind(Enum):
    DICE = "dice"
    SHUFFLE = "shuffle"
    PICK = "pick"


# The members as plain names for the hot paths (every read of `ChanceKind.DICE` goes through
# EnumType's `__getattr__` hook in Python 3.11, about 0.3 us).
_DICE, _SHUFFLE, _PICK = ChanceKind


@fast_init
@dataclass(frozen=True)
class ChanceRequest:
    """What a game needs chance to decide.

    - DICE: `count` dice with `sides` faces; the outcome is the faces in rolling order.
    - SHUFFLE: a new order of `items` (a multiset of card ids); the outcome is the whole order.
    - PICK: one of `choices`; the outcome is a one-element tuple.
    `label` names the purpose in words ("the boss's HP", "Bea's reroll"), a catalog message
    that a damaged save's error shows in the reader's language (made once by the game, not at
    every roll). `parts` splits dice rolled at once between their owners, in rolling order
    ((whose, how many), ...): a wrong count of dice then says how many belong to each.
    """

    kind: ChanceKind
    label: Text
    count: int = 0
    sides: int = 6
    items: tuple[str, ...] = ()
    choices: tuple[int, ...] | tuple[str, ...] = ()
    parts: tuple[tuple[Text, int], ...] = ()

    def __repr__(self) -> str:
        # The dataclass's repr, with the label and whose dice as their English text (as when
        # they were strings): a repr written in a log or a digest of a game stays the same.
        parts = tuple((str(whose), number) for whose, number in self.parts)
        return (
            f"ChanceRequest(kind={self.kind!r}, label={str(self.label)!r}, count={self.count!r}, "
            f"sides={self.sides!r}, items={self.items!r}, choices={self.choices!r}, "
            f"parts={parts!r})"
        )


class ImpossibleOutcome(ValueError):
    """A chance entry that the request could never have produced. It is raised with a Message
    saying why: str() is the English line (logs, --json), and whoever shows it to a person
    renders it in their language (core.errors.reason_of finds it)."""


def dice(
    count: int, label: Text, sides: int = 6, parts: tuple[tuple[Text, int], ...] = ()
) -> ChanceRequest:
    if parts and sum(number for _, number in parts) != count:
        raise ValueError(
            Message(
                "{label}: the parts {parts} do not add up to {count} dice",
                label=label,
                parts=repr(tuple((str(whose), number) for whose, number in parts)),
                count=count,
            )
        )
    return ChanceRequest(_DICE, label, count=count, sides=sides, parts=parts)


def shuffle(items: tuple[str, ...], label: Text) -> ChanceRequest:
    return ChanceRequest(_SHUFFLE, label, items=items)


def pick(choices: tuple[int, ...] | tuple[str, ...], label: Text) -> ChanceRequest:
    return ChanceRequest(_PICK, label, choices=choices)


def seeded(text: str) -> random.Random:
    """`random.Random(text)`, the very same generator, made without the Python layers of
    `Random.__init__` and `Random.seed` (a string seeds as its bytes followed by their SHA-512):
    every log entry and every bot's answer seeds one."""
    rng = _new_random(random.Random)
    raw = text.encode()
    _seed_random(rng, int.from_bytes(raw + sha512(raw).digest(), "big"))
    rng.gauss_next = None  # type: ignore[attr-defined]
    return rng


_new_random = random.Random.__new__
_seed_random = _random.Random.seed
_local = threading.local()


def reseeded(text: str) -> random.Random:
    """`seeded(text)` for a one-shot draw: this thread's one generator, seeded again (seeding
    sets the whole state of the generator, so it draws what a new one would), valid until the
    next call in this thread. Making and freeing a new generator (2.5 KB of state) for every
    log entry and every random bot's answer cost a sixth as much as seeding it."""
    try:
        rng: random.Random = _local.rng
    except AttributeError:
        rng = _local.rng = _new_random(random.Random)
    raw = text.encode()
    _seed_random(rng, int.from_bytes(raw + sha512(raw).digest(), "big"))
    rng.gauss_next = None  # type: ignore[attr-defined]
    return rng


def rng_for(seed: int, position: int) -> random.Random:
    return seeded(f"partyline:{seed}:{position}")


def below(rng: random.Random, count: int) -> int:
    """`rng._randbelow(count)`: an index of a `count`-long sequence, as `rng.choice` draws it
    (Python 3.11: `count.bit_length()` bits, again while they are too high), in one call
    instead of two. IndexError for nothing to choose from, as `choice` says."""
    if count <= 0:
        raise IndexError("Cannot choose from an empty sequence")
    bits = rng.getrandbits
    width = count.bit_length()
    index = bits(width)
    while index >= count:
        index = bits(width)
    return index


def roll(rng: random.Random, count: int, sides: int) -> tuple[int, ...]:
    """`count` times `rng.randint(1, sides)`, drawing the very same bits (Python 3.11's
    `randint` -> `randrange` -> `_randbelow`: `sides.bit_length()` bits, again while they
    exceed the sides), without three calls a die."""
    bits = rng.getrandbits
    width = sides.bit_length()
    faces = []
    for _ in range(count):
        face = bits(width)
        while face >= sides:
            face = bits(width)
        faces.append(face + 1)
    return tuple(faces)


def shuffled(rng: random.Random, items: Sequence[T]) -> list[T]:
    """`items` in the order `rng.shuffle` puts a list of them in, drawing the very same bits
    (Python 3.11's Fisher-Yates from the end, `_randbelow(i + 1)` for each place i), without
    a call to `_randbelow` a card."""
    order = list(items)
    bits = rng.getrandbits
    for place in range(len(order) - 1, 0, -1):
        size = place + 1
        width = size.bit_length()
        other = bits(width)
        while other >= size:
            other = bits(width)
        order[place], order[other] = order[other], order[place]
    return order


def draw(request: ChanceRequest, seed: int, position: int) -> Outcome:
    rng = reseeded(f"partyline:{seed}:{position}")  # rng_for's generator, used up here
    kind = request.kind
    if kind is _DICE:
        return roll(rng, request.count, request.sides)
    if kind is _SHUFFLE:
        return tuple(shuffled(rng, request.items))
    return (rng.choice(request.choices),)  # type: ignore[return-value]


def complete_shuffle(
    request: ChanceRequest, values: tuple[object, ...], seed: int, position: int
) -> tuple[str, ...]:
    """The whole order of a shuffle of which a save gives only the cards on top: `values` is
    those cards, then REST. The given cards come first, in that order, then every other card in
    the order of the seed's own draw at this log position (`draw(request, seed, position)`, the
    shuffle Partyline itself would make there) with the given cards taken out — for a card the
    deck holds several times, its first copies in that draw. So `[REST]` is exactly the seed's
    draw. Raises ImpossibleOutcome for a card the deck does not hold (or not that many times),
    or REST anywhere but at the end."""
    top = values[:-1]
    if not values or values[-1] != REST or REST in top:
        raise ImpossibleOutcome(
            Message(
                "{label}: {rest} stands for the rest, at the end, once",
                label=request.label,
                rest=repr(REST),
            )
        )
    left = Counter(request.items)
    for card in top:
        if not isinstance(card, str) or card not in left:
            raise ImpossibleOutcome(
                Message(
                    "{label}: {card} is not one of its cards ({cards})",
                    label=request.label,
                    card=repr(card),
                    cards=_cards(request),
                )
            )
        if left[card] == 0:
            copies = Counter(request.items)[card]
            raise ImpossibleOutcome(
                Message(
                    "{label}: {card} is given more times than the deck holds it ({copies})",
                    label=request.label,
                    card=repr(card),
                    copies=copies,
                )
            )
        left[card] -= 1
    given = Counter(str(card) for card in top)
    rest: list[str] = []
    for card in draw(request, seed, position):
        if given[str(card)]:
            given[str(card)] -= 1
        else:
            rest.append(str(card))
    return (*(str(card) for card in top), *rest)


def check_outcome(request: ChanceRequest, values: object) -> Outcome:
    """Return `values` as an outcome of `request`, or raise ImpossibleOutcome."""
    if not isinstance(values, list | tuple):
        raise ImpossibleOutcome(
            Message(
                "{label}: expected a list of values, got {values}",
                label=request.label,
                values=repr(values),
            )
        )
    if request.kind is _DICE:
        faces = _ints(request, values)
        if len(faces) != request.count:
            raise ImpossibleOutcome(_wrong_count(request, len(faces)))
        for face in faces:
            if not 1 <= face <= request.sides:
                raise ImpossibleOutcome(
                    Message(
                        "{label}: a {sides}-sided die cannot show {face}",
                        label=request.label,
                        sides=request.sides,
                        face=face,
                    )
                )
        return faces
    if request.kind is _SHUFFLE:
        cards = tuple(str(value) for value in values)
        if Counter(cards) != Counter(request.items) or not all(isinstance(v, str) for v in values):
            raise ImpossibleOutcome(
                Message(
                    "{label}: not an order of the {count} cards ({cards})",
                    label=request.label,
                    count=len(request.items),
                    cards=_cards(request),
                )
            )
        return cards
    if len(values) != 1 or values[0] not in request.choices or isinstance(values[0], bool):
        raise ImpossibleOutcome(
            Message(
                "{label}: expected one of {choices}, found {values}",
                label=request.label,
                choices=", ".join(map(str, request.choices)),
                values=repr(values),
            )
        )
    return (values[0],)


_THEN = Message(", then ")
"""Between whose dice are whose, in rolling order."""


def _wrong_count(request: ChanceRequest, found: int) -> Message:
    """'expected 3 dice (2 for Aki, then 1 for the Lv1 enemy), found 1': with whose the dice
    of a request are, in order, when it says."""
    if not request.parts:
        return Message(
            "{label}: expected {count} dice, found {found}",
            label=request.label,
            count=request.count,
            found=found,
        )
    whose = tuple(
        Message("{number} for {whose}", number=number, whose=whose)
        for whose, number in request.parts
    )
    return Message(
        "{label}: expected {count} dice ({parts}), found {found}",
        label=request.label,
        count=request.count,
        parts=Joined(whose, _THEN),
        found=found,
    )


def _cards(request: ChanceRequest) -> str:
    """The cards of a shuffle, each once, as their ids (as a save writes them)."""
    return ", ".join(sorted(set(request.items)))


def _ints(request: ChanceRequest, values: list[object] | tuple[object, ...]) -> tuple[int, ...]:
    """`values` as a tuple of whole numbers (the tuple itself when it is one: a log entry's
    values stay the same object, so the table keeps the entry as read)."""
    for value in values:
        if value.__class__ is not int and (isinstance(value, bool) or not isinstance(value, int)):
            raise ImpossibleOutcome(
                Message(
                    "{label}: {value} is not a die face", label=request.label, value=repr(value)
                )
            )
    return cast(tuple[int, ...], values if values.__class__ is tuple else tuple(values))
