"""What the saver keeps written out to write each entry's text faster (issue 10) never changes a
text: a message reads as `str.format_map` writes its template, a name as its Japanese and its
English (the English it was made with, whatever name of the same Japanese came before), an
answer's ids as TOML writes them; and what is kept is bounded."""

from __future__ import annotations

import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples
from test_core_save_fields import fields

from core import narration, saves
from core.log import DecisionEntry
from core.narration import Joined, Message, Name, Worded

KEYS = ("a", "who", "n", "part")

words = st.text(st.sampled_from("ab {}}{日本語\t"), max_size=6)
names = st.builds(
    Name, st.sampled_from(["泉", "教室", "幽霊"]), st.sampled_from(["", "Spring", "Lab"])
)
plain = st.one_of(words, st.integers(-20, 20), names, st.builds(Worded, words, words))
values = st.recursive(
    plain,
    lambda inner: st.one_of(
        st.builds(lambda v: Message("{a} ({n})", a=v, n=3), inner),
        st.builds(lambda items: Joined(tuple(items), ", "), st.lists(words, max_size=3)),
    ),
    max_leaves=4,
)


@st.composite
def templates(draw: st.DrawFn) -> str:
    """A template of literals (braces doubled, Japanese) and up to nine placeholders, some
    with a spec (the numbers' `+d`, a width) or a conversion."""
    pieces = draw(st.lists(st.tuples(words, st.sampled_from(KEYS)), max_size=9))
    text = ""
    for literal, key in pieces:
        spec = draw(st.sampled_from(["", "", ":>9", ":+d", "!r"] if key == "n" else ["", ":^12"]))
        text += literal.replace("{", "{{").replace("}", "}}") + "{" + key + spec + "}"
    return text + draw(words).replace("{", "{{").replace("}", "}}")


@settings(max_examples=examples(300))
@given(templates(), st.fixed_dictionaries({"a": values, "who": values, "part": values}))
def test_a_message_reads_as_format_map_writes_it(template: str, given: dict[str, object]) -> None:
    params = {**given, "n": 7}
    assert str(Message(template, **params)) == template.format_map(params)
    assert format(Message(template, **params), "<90") == format(template.format_map(params), "<90")


def test_a_name_reads_with_its_own_english_whatever_was_kept_by_its_japanese() -> None:
    for _ in range(2):  # (the second time, from what was kept)
        assert str(Name("教室", "Classroom")) == "教室 Classroom"
        assert f"{Name('教室', 'Lab')}" == "教室 Lab"
        assert str(Name("教室", "")) == "教室"
        assert f"[{Name('教室', 'Lab'):>9}]" == "[   教室 Lab]"


def test_the_names_kept_are_bounded() -> None:
    for number in range(narration._NAMED_KEPT + 10):
        str(Name(f"札{number}", "Card"))
        assert len(narration._NAMED) <= narration._NAMED_KEPT
    assert str(Name("札3", "Card")) == "札3 Card"


def test_an_answers_ids_read_as_toml_writes_them_under_every_seat() -> None:
    for decision, choice in [("pick", 'say "hi"'), ("mo\\ve", "a\tb"), ("ok", "x\x01y")]:
        for seat in range(3):  # (after the first seat, the ids are kept)
            written = tomli_w.dumps({"seat": seat, "decision": decision, "choice": choice})
            assert fields(DecisionEntry(seat, decision, choice)) == written


def test_the_ids_kept_are_bounded() -> None:
    for number in range(saves._FIELDS_KEPT + 10):
        fields(DecisionEntry(number % 4, f"move-{number}", "stay"))
        assert len(saves._QUOTED) <= saves._FIELDS_KEPT
    assert fields(DecisionEntry(1, "move-3", "stay")) == (
        'seat = 1\ndecision = "move-3"\nchoice = "stay"\n'
    )
