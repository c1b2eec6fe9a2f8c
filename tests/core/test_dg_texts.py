"""Dangerous's texts are for every viewer's language (issue 11): whole bot games, every log line
(as each seat and as everyone reads it), question, option, refusal and view word is made of
messages the Japanese catalog translates, names with their Japanese, and content texts in both
languages; a card's option reads Japanese alone in Japanese and with the English beside it in
English."""

from __future__ import annotations

from babel.messages.pofile import read_po

from core.games.dangerous.board import space_label
from core.games.dangerous.cards import card_option
from core.games.dangerous.content import content
from core.i18n import catalog_path, translator
from core.narration import Joined, Message, Name, Text, Worded
from core.runner import BotDriver
from core.simulate import bot_table


def _translated() -> set[str]:
    with catalog_path("ja").open("rb") as source:
        return {message.id for message in read_po(source, locale="ja") if message.string}


def _untranslated(value: object, known: set[str], found: set[str]) -> None:
    """The message ids in `value` (a text and the values it holds) that `known` lacks."""
    if isinstance(value, Message):
        if value.template not in known:
            found.add(value.template)
        for item in value.params.values():
            _untranslated(item, known, found)
    elif isinstance(value, Joined):
        _untranslated(value.separator, known, found)
        for item in value.items:
            _untranslated(item, known, found)
    elif isinstance(value, Name):
        assert value.ja, value
    elif isinstance(value, Worded):
        assert value.ja and value.en, value


def test_whole_bot_games_say_everything_in_messages_the_japanese_catalog_has() -> None:
    known = _translated()
    found: set[str] = set()

    def read(said: Text) -> str:
        _untranslated(said, known, found)
        return ""

    for players, seed, kind in ((2, 1, "heuristic"), (3, 2, "random"), (4, 3, "heuristic")):
        table = bot_table("dangerous", players, seed, kind)
        table.resolve_chance()
        driver = BotDriver(table)
        while len(table) < 3000 and driver.play_one():
            for decision in table.decisions():
                for said in (decision.prompt, decision.help):
                    read(said)
                for option in decision.options:
                    for said in (option.label, option.detail, option.unavailable):
                        read(said)
            if len(table) % 11 == 0:
                for viewer in (None, *range(players)):
                    view = table.view(viewer)
                    for said in (view.turn, view.phase):
                        read(said)
                    for seat in view.seats:
                        for note in seat.notes:
                            read(note)
        for viewer in (None, *range(players)):
            table.narration(viewer, render=read)
        result = table.result()
        assert result is not None
        read(result.summary)
    assert not found, sorted(found)


def test_a_card_option_reads_in_the_viewers_language() -> None:
    card = content().card("serizawa-kiyohime")
    option = card_option(card.id)
    ja, en = translator("ja"), translator("en")
    assert ja.text(option.label) == "芹沢清姫（Lv1）"
    assert en.text(option.label) == "芹沢清姫 Kiyohime Serizawa (Lv1)"
    assert ja.text(option.detail) == f"早朝特訓：{card.text_ja}"
    assert en.text(option.detail) == f"早朝特訓 Dawn Training: {card.text_en}"
    assert str(option.detail) == en.text(option.detail)  # the English, as saves' readers see it


def test_a_square_is_named_in_japanese_alone_in_japanese() -> None:
    spring = space_label("spring")
    assert translator("ja").text(spring) == "泉"
    assert translator("en").text(spring) == "泉 Spring"
