"""Every Dangerous option says what it is in English too (issue 9, item 2): a Japanese name in
an option's label is followed by its English name (e.g. 韋駄天走り Sprinter's Dash)."""

from __future__ import annotations

import re

from core.games.dangerous.board import space_label
from core.games.dangerous.cards import ability_name, card_label
from core.games.dangerous.content import content
from core.narration import Text
from core.runner import BotDriver
from core.simulate import bot_table

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")
LATIN = re.compile(r"[(]?[A-Za-z]")


def untranslated(label: Text) -> list[str]:
    """The words of `label` (as English reads it) with Japanese in them that no English word
    follows."""
    words = str(label).split()
    return [
        word
        for word, after in zip(words, [*words[1:], ""], strict=True)
        if JAPANESE.search(word) and not LATIN.match(after)
    ]


def test_the_check_catches_a_name_alone() -> None:
    assert untranslated("Use 韋駄天走り") == ["韋駄天走り"]
    assert untranslated("すり鉢の罠 (蟻地獄たまこ)") == ["すり鉢の罠", "(蟻地獄たまこ)"]
    assert untranslated("次ターンAP＋１ Next turn AP +1") == []


def test_every_name_in_the_content_has_its_english() -> None:
    labels = [card_label(card) for card in content().cards]
    labels += [ability_name(card) for card in content().cards]
    labels += [space_label(space) for space in content().board.spaces]
    for label in labels:
        assert not untranslated(label), label
    assert str(ability_name("idaten-koharu")) == "韋駄天走り Sprinter's Dash"


def test_every_option_bots_meet_has_its_english() -> None:
    for players, kind, seed in ((2, "heuristic", 3), (3, "random", 4), (4, "heuristic", 5)):
        table = bot_table("dangerous", players, seed, kind)  # with the bots' turn limit
        table.resolve_chance()
        driver = BotDriver(table)
        while driver.next_bot_decision() is not None:
            for decision in table.decisions():
                for option in decision.options:
                    assert not untranslated(str(option.label)), (decision.name, option.label)
            driver.play_one()
        assert table.over
