"""How games tell what happened: a line per event, shared by every game.

A line is kept as a `Message`, a template with named placeholders and the values that fill them
(`say("{name} puts 1 AP on {action}.", name=..., action=...)`), and is written out only when
someone reads it: a bot-only game, `simulate` and `verify` make thousands of lines that nobody
reads. The template is the sentence's identity (issue 11 makes it the message id a translation
is looked up by), the values are names, cards and numbers.

The same values serve every text a game gives the interface (an option's label, a prompt, a
view's words, why an action is refused): `Text` is a plain string (final: a player's name, a
number) or a Message, which a viewer's translator (`core.i18n.Translator.text`) renders in its
language, looking the template up as the message id; `str()` of it is the English source.
A card's or a place's name is a `Name`: Japanese in both languages, the English beside it in
English only.

It depends on nothing else in the core but core.viewer (whose eyes a line is for), so any module
of any game can import it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from string import Formatter

from core.records import dataclass
from core.viewer import PUBLIC, Viewer


class Message:
    """A sentence not yet written out: `template` with `{placeholders}` (str.format syntax) and
    the values that fill them. A value may itself be a Message (a part of a sentence). With no
    values the template is the text as it stands, braces and all.

    `str(message)` writes it out (once: the text is kept); messages with the same template and
    values are equal."""

    __slots__ = ("_text", "params", "template")

    def __init__(self, template: str, /, **params: object) -> None:
        self.template = template
        self.params: Mapping[str, object] = params
        self._text: str | None = None

    def __str__(self) -> str:
        text = self._text
        if text is None:
            params = self.params
            if params:
                template = self.template
                try:  # (a subscript costs less than .get's call: every template but the first)
                    fill = _FILLS[template]
                except KeyError:
                    fill = _fill_for(template)
                text = self._text = fill(params)
            else:
                text = self._text = self.template
        return text

    def __format__(self, spec: str) -> str:
        # As format(str(self), spec), without format's call when there is no spec (the usual:
        # a message's values are formatted this way, nested messages among them), and with
        # __str__'s lines written out here (a call less for each nested message).
        text = self._text
        if text is None:
            params = self.params
            if params:
                template = self.template
                try:
                    fill = _FILLS[template]
                except KeyError:
                    fill = _fill_for(template)
                text = self._text = fill(params)
            else:
                text = self._text = self.template
        return format(text, spec) if spec else text

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return self.template == other.template and self.params == other.params

    def __hash__(self) -> int:
        return hash((self.template, tuple(self.params.items())))

    def __repr__(self) -> str:
        values = "".join(f", {name}={value!r}" for name, value in self.params.items())
        return f"Message({self.template!r}{values})"


Fill = Callable[[Mapping[str, object]], str]

_FILLS: dict[str, Fill] = {}
"""For each template seen (at most _FILLS_KEPT), what fills it: `template.format_map(params)`
as a function made once, without parsing the template again at each line."""

_FILLS_KEPT = 4096


def _fill_for(template: str) -> Fill:
    """What fills `template`: for the common one, whose placeholders are all `{name}` or
    `{name:spec}` (no conversion, index, attribute or field inside a spec), f-strings that put
    its pieces together (the same text as format_map: each value formatted with its spec);
    `template.format_map` for any other (and for a malformed one, which raises as format_map
    does)."""
    fill: Fill = template.format_map
    try:
        pieces = list(Formatter().parse(template))
    except ValueError:
        pieces = []
    literals: list[str] = []  # (the text before each placeholder, then the text after all)
    keys: list[str] = []
    specs: list[str] = []
    before = ""
    for literal, key, spec, conversion in pieces:
        before += literal  # ("{{" ends a piece of its own)
        if key is None:
            continue
        spec = spec or ""
        if not key.isidentifier() or conversion or "{" in spec:
            break
        literals.append(before)
        keys.append(key)
        specs.append(spec)
        before = ""
    else:
        if 0 < len(keys) <= len(_FILL_MAKERS) and not any(specs):
            fill = _FILL_MAKERS[len(keys) - 1](*literals, before, *keys)
        elif keys:
            fill = _fill_parts([*literals, before], keys, specs)
    if len(_FILLS) >= _FILLS_KEPT:
        _FILLS.clear()
    _FILLS[template] = fill
    return fill


def _fill1(l0: str, l1: str, k0: str) -> Fill:
    return lambda p: f"{l0}{p[k0]}{l1}"


def _fill2(l0: str, l1: str, l2: str, k0: str, k1: str) -> Fill:
    return lambda p: f"{l0}{p[k0]}{l1}{p[k1]}{l2}"


def _fill3(l0: str, l1: str, l2: str, l3: str, k0: str, k1: str, k2: str) -> Fill:
    return lambda p: f"{l0}{p[k0]}{l1}{p[k1]}{l2}{p[k2]}{l3}"


def _fill4(l0: str, l1: str, l2: str, l3: str, l4: str, k0: str, k1: str, k2: str, k3: str) -> Fill:
    return lambda p: f"{l0}{p[k0]}{l1}{p[k1]}{l2}{p[k2]}{l3}{p[k3]}{l4}"


_FILL_MAKERS: tuple[Callable[..., Fill], ...] = (_fill1, _fill2, _fill3, _fill4)
"""Makers of fills for templates of 1, 2, 3 and 4 placeholders without a spec (almost all),
given the text around the placeholders, then their keys."""


def _fill_parts(literals: list[str], keys: list[str], specs: list[str]) -> Fill:
    """The fill of a template with specs or more than four placeholders (a fight's final result
    has seven; format_map costs thrice as much): its placeholders four at a time, each four
    filled by an f-string with their specs, then put together. `literals` are the texts around
    the placeholders, `keys` and `specs` theirs."""
    parts: list[Fill] = []
    for start in range(0, len(keys), 4):
        end = min(start + 4, len(keys))
        around = [*literals[start:end], literals[end] if end == len(keys) else ""]
        fields = [*keys[start:end], *specs[start:end]]
        parts.append(_SPEC_MAKERS[end - start - 1](*around, *fields))
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        first, second = parts
        return lambda p: first(p) + second(p)
    return lambda p: "".join([part(p) for part in parts])


def _spec1(l0: str, l1: str, k0: str, s0: str) -> Fill:
    return lambda p: f"{l0}{p[k0]:{s0}}{l1}"


def _spec2(l0: str, l1: str, l2: str, k0: str, k1: str, s0: str, s1: str) -> Fill:
    return lambda p: f"{l0}{p[k0]:{s0}}{l1}{p[k1]:{s1}}{l2}"


def _spec3(*a: str) -> Fill:
    l0, l1, l2, l3, k0, k1, k2, s0, s1, s2 = a
    return lambda p: f"{l0}{p[k0]:{s0}}{l1}{p[k1]:{s1}}{l2}{p[k2]:{s2}}{l3}"


def _spec4(*a: str) -> Fill:
    l0, l1, l2, l3, l4, k0, k1, k2, k3, s0, s1, s2, s3 = a
    return lambda p: f"{l0}{p[k0]:{s0}}{l1}{p[k1]:{s1}}{l2}{p[k2]:{s2}}{l3}{p[k3]:{s3}}{l4}"


_SPEC_MAKERS: tuple[Callable[..., Fill], ...] = (_spec1, _spec2, _spec3, _spec4)
"""As _FILL_MAKERS, each placeholder with its spec (given after the keys)."""


@dataclass(frozen=True, slots=True)
class Name:
    """A card's or a place's name: it stays Japanese in both languages, with the English beside
    it in English only. `str()` is the English form, decided here once for every game."""

    ja: str
    en: str

    def __str__(self) -> str:
        # (kept written out by its Japanese, with the English it was written with: a game
        # makes its names anew at each line, and a name of mixed scripts costs twice as much to
        # put together as to look up)
        try:
            en, text = _NAMED[self.ja]
        except KeyError:
            en, text = self.en, _named(self.ja, self.en)
        return text if en == self.en else _named(self.ja, self.en)

    def __format__(self, spec: str) -> str:
        try:  # (str(self), without its call)
            en, text = _NAMED[self.ja]
        except KeyError:
            en, text = self.en, _named(self.ja, self.en)
        if en != self.en:
            text = _named(self.ja, self.en)
        return format(text, spec) if spec else text


_NAMED: dict[str, tuple[str, str]] = {}
"""The names written out in English (at most _NAMED_KEPT): by their Japanese, (the English,
the text)."""

_NAMED_KEPT = 4096


def _named(ja: str, en: str) -> str:
    """The name `ja`, `en` in English (kept in _NAMED)."""
    text = f"{ja} {en}" if en else ja
    if len(_NAMED) >= _NAMED_KEPT:
        _NAMED.clear()
    _NAMED[ja] = (en, text)
    return text


@dataclass(frozen=True, slots=True)
class Worded:
    """A text the content gives in both languages (a card's rules text, an action's help): the
    viewer reads its own language's. `str()` is the English."""

    ja: str
    en: str

    def __str__(self) -> str:
        return self.en

    def __format__(self, spec: str) -> str:
        return format(self.en, spec) if spec else self.en


class Joined:
    """Texts joined when read, `separator` between each: a value for a Message's placeholder
    when the parts are sentences of their own (each written out when read, too). The separator
    may be a Message too, translated like the parts (`LIST_SEPARATOR`)."""

    __slots__ = ("items", "separator")

    def __init__(self, items: tuple[Text, ...], separator: Text) -> None:
        self.items = items
        self.separator = separator

    def __str__(self) -> str:
        # (as text(self.separator).join(map(text, self.items)), without a call for each part
        # that is written out already)
        separator = self.separator
        return (separator if separator.__class__ is str else str(separator)).join(
            [item if item.__class__ is str else str(item) for item in self.items]
        )

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Joined):
            return NotImplemented
        return (self.items, self.separator) == (other.items, other.separator)

    def __hash__(self) -> int:
        return hash((self.items, self.separator))

    def __repr__(self) -> str:
        return f"Joined({self.items!r}, {self.separator!r})"


Text = str | Message | Name | Worded
"""A text as the rules give it: written out already (final in every language), a message
written out when read (in the reader's language), or a card's or place's name."""


def text(value: Text) -> str:
    """`value` written out in English (the source language: logs, saves' comments, tests)."""
    return value if value.__class__ is str else str(value)


LIST_SEPARATOR = Message(", ")
"""Between the items of a list but the last two (`listing`)."""


def listing(items: Iterable[Text]) -> Text:
    """'A', 'A and B', 'A, B and C', written out in the reader's language ('' for none)."""
    parts = tuple(items)
    if len(parts) <= 1:
        return parts[0] if parts else ""
    return Message("{some} and {last}", some=Joined(parts[:-1], LIST_SEPARATOR), last=parts[-1])


class Narration:
    """How one log entry reads: a public sentence, plus private versions for some seats.

    `secret` holds (seat, text) for seats that see more than the public text; `full` is the
    text for a viewer who sees everything (the replay's "everyone" view). Each may be a plain
    string or a Message; `public`, `secret`, `full` and `for_viewer` give them written out, and
    `message_for` as they were given (a Message keeps its template and values).
    """

    __slots__ = ("_full", "_secret", "public_message")

    def __init__(
        self, public: Text, secret: tuple[tuple[int, Text], ...] = (), full: Text = ""
    ) -> None:
        self.public_message = public
        """The public line as the rules gave it, not written out (what `message_for(PUBLIC)`
        returns; the save's comment reads it for each entry, without a call)."""
        self._secret = secret
        self._full = full

    @property
    def public(self) -> str:
        return text(self.public_message)

    @property
    def secret(self) -> tuple[tuple[int, str], ...]:
        return tuple((seat, text(said)) for seat, said in self._secret)

    @property
    def full(self) -> str:
        return text(self._full)

    def parts(self) -> tuple[Text, tuple[tuple[int, Text], ...], Text]:
        """(public, secret, full) as given: what makes the line again (core/plain.py)."""
        return self.public_message, self._secret, self._full

    def message_for(self, viewer: Viewer) -> Text:
        """The line `viewer` reads, as the rules gave it (None: a viewer who sees everything;
        `PUBLIC`: the public sentence, what a seat without a private version reads)."""
        if viewer is None:
            return self._full or self.public_message
        if viewer is PUBLIC:
            return self.public_message
        for seat, said in self._secret:
            if seat == viewer:
                return said
        return self.public_message

    def for_viewer(self, viewer: Viewer) -> str:
        return text(self.message_for(viewer))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Narration):
            return NotImplemented
        return (self.public_message, self._secret, self._full) == (
            other.public_message,
            other._secret,
            other._full,
        )

    def __hash__(self) -> int:
        return hash((self.public_message, self._secret, self._full))

    def __repr__(self) -> str:
        return f"Narration({self.public_message!r}, secret={self._secret!r}, full={self._full!r})"


Lines = list[Narration]
"""The lines one log entry produced, in order."""


_bare_message = object.__new__


def say(template: Text, /, **params: object) -> Narration:
    """A line every seat reads the same way: `template` (a message id: pybabel extracts it)
    filled with `params` when read, or a Message made already."""
    if isinstance(template, str):
        # Message(template, **params) without packing the values a second time: a game says
        # a few lines every entry.
        message = _bare_message(Message)
        message.template = template
        message.params = params
        message._text = None
        return Narration(message)
    assert not params, "a Message is given whole, without values"
    return Narration(template)


def join(names: Iterable[str]) -> str:
    """'A', 'A and B', 'A, B and C', in English only (`listing` is the translatable form)."""
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
