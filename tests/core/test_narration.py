"""Narration is kept as messages (a template and its named values) and written out only when
read, the same for every reader; each seat still reads only its own secret version."""

from __future__ import annotations

import pytest

from core.games.dangerous.state import Combat
from core.narration import Joined, Message, Name, Narration, Worded, say
from core.simulate import play_one


class Counted:
    """A value that counts how often it is written out."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.written = 0

    def __format__(self, spec: str) -> str:
        self.written += 1
        return format(self.text, spec)


def test_a_line_is_written_out_only_when_read_and_only_once() -> None:
    name = Counted("Aki")
    line = say("{name} rolls {face:>2}.", name=name, face=5)
    assert name.written == 0  # made, not written
    assert line.public == "Aki rolls  5." and line.for_viewer(None) == "Aki rolls  5."
    assert line.for_viewer(2) == "Aki rolls  5."
    assert name.written == 1


def test_a_line_keeps_its_template_and_values() -> None:
    line = say("{name} puts 1 AP on {action}.", name="Bea", action="戦闘力")
    message = line.message_for(0)
    assert isinstance(message, Message)
    assert message.template == "{name} puts 1 AP on {action}."
    assert dict(message.params) == {"name": "Bea", "action": "戦闘力"}
    assert message == Message("{name} puts 1 AP on {action}.", name="Bea", action="戦闘力")


def test_a_text_without_values_stands_as_written_braces_and_all() -> None:
    assert say("picks {1, 2}").public == "picks {1, 2}"
    assert Narration("revealed").for_viewer(None) == "revealed"


def test_each_seat_reads_its_own_secret_and_everyone_the_full_text() -> None:
    public = Message("{name} draws a card.", name="Aki")
    line = Narration(
        public,
        secret=((0, Message("You draw the {card}.", card="Knight")),),
        full=Message("{name} draws the {card}.", name="Aki", card="Knight"),
    )
    assert line.for_viewer(0) == "You draw the Knight."
    assert line.for_viewer(1) == "Aki draws a card."
    assert line.for_viewer(None) == "Aki draws the Knight."
    assert line.public == "Aki draws a card." and line.secret == ((0, "You draw the Knight."),)
    parts = Joined((Message("{a} wins", a="A"), "B loses"), "; ")
    assert Message("{parts}.", parts=parts).__str__() == "A wins; B loses."


def test_a_dangerous_battle_log_holds_messages_and_its_view_gives_them_to_be_read() -> None:
    """The view gives the battle log as the rules said it (Messages): each viewer's screen
    writes them out in its own language."""
    table = play_one("dangerous", 4, 3, "random")
    states = [table._state_at(position) for position in range(len(table))]
    battles = [state for state in states if state.combat is not None and state.combat.log]
    assert battles
    for state in battles[:20]:
        fight = state.combat
        assert isinstance(fight, Combat)
        assert any(isinstance(line, Message) for line in fight.log)
        board = table.game.view(state, None).board
        assert board.combat.log == fight.log
        assert [str(line) for line in board.combat.log] == [str(line) for line in fight.log]


def test_a_message_reads_as_str_format_map_writes_its_template() -> None:
    # Messages are filled without parsing their template at each line (core.narration
    # `_fill_for`): every kind of template must still read exactly as format_map writes it.
    values: dict[str, object] = {
        "who": Name("泉", "Spring"),
        "n": 7,
        "part": Message("{n} AP", n=2),
        "help": Worded("助け", "help"),
        "items": Joined(("a", "b"), ", "),
    }
    templates = [
        "{who}",
        "{who} has {n}.",
        "a {{literal}} {who} and {{{n}}}",
        "}}{n}{{",
        "{who}{who}{part}",
        "{who:>12}|{n:03}",
        "{n.real}|{who!r}",
        "{help} ({items}) 日本語 {part}",
    ]
    for template in templates:
        assert str(Message(template, **values)) == template.format_map(values), template
        assert f"[{Message(template, **values):>40}]" == f"[{template.format_map(values):>40}]"
    with pytest.raises(KeyError):
        str(Message("{missing}", n=1))
    with pytest.raises(ValueError):
        str(Message("{n", n=1))
