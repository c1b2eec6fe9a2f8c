"""A game's texts in the viewer's language: `Translator.text` renders a Message by its template
(the message id) with its values rendered the same way, leaves a plain string as it is, shows a
card's or place's Name in Japanese alone in Japanese and with its English in English; `str()`
stays the English source (logs, saves' comments)."""

from __future__ import annotations

from core.decisions import Option
from core.i18n import translator
from core.narration import LIST_SEPARATOR, Joined, Message, Name, listing, say
from server.protocol import decode, encode

EN = translator("en")
JA = translator("ja")
DEMON_KING = Name("魔王", "Demon King")


def test_a_plain_string_is_final_in_every_language() -> None:
    assert JA.text("Aki") == "Aki" and EN.text("Act first") == "Act first"


def test_a_message_is_looked_up_by_its_template_and_its_values_rendered_too() -> None:
    part = Message("{who} acts first.", who=listing(["Aki", DEMON_KING]))
    assert JA.text(part) == "Aki、魔王が先に行動します。"
    assert EN.text(part) == str(part) == "Aki and 魔王 Demon King acts first."
    rolls = Joined((Message("{who} {face}", who="Aki", face=5), "Bea 2"), LIST_SEPARATOR)
    assert JA.text(Message("{rolls}.", rolls=rolls)) == "Aki 5、Bea 2。"
    assert JA.text(Message("Act first")) == "先に行動する"  # no values: the text as it stands


def test_a_message_the_catalogs_do_not_have_stays_english_with_its_values_rendered() -> None:
    unknown = Message("{boss} laughs at {n:>2} dice.", boss=DEMON_KING, n=3)
    assert JA.text(unknown) == "魔王 laughs at  3 dice."  # numbers keep their format spec
    assert EN.text(unknown) == "魔王 Demon King laughs at  3 dice."


def test_a_name_is_japanese_alone_in_japanese_and_with_its_english_in_english() -> None:
    assert (JA.text(DEMON_KING), EN.text(DEMON_KING), str(DEMON_KING)) == (
        "魔王",
        "魔王 Demon King",
        "魔王 Demon King",
    )
    assert JA(DEMON_KING) == "魔王"  # the translator called on a game's text renders it


def test_a_line_said_without_values_is_a_message_too() -> None:
    line = say("Act first")
    assert JA.text(line.message_for(None)) == "先に行動する"
    assert line.public == "Act first"


def test_an_unavailable_options_refusal_is_one_line_in_each_language() -> None:
    option = Option("x", Message("Act first"), unavailable=Message("Let the others act first"))
    assert str(option.refusal()) == "Act first: Let the others act first"
    assert JA.text(option.refusal()) == "先に行動する：相手に先に行動させる"


def test_messages_names_and_joined_texts_cross_the_network_whole() -> None:
    value = Message(
        "{who} acts first.", who=Joined((DEMON_KING, Message("seat {seat}", seat=2)), ", ")
    )
    again = decode(encode(value))
    assert again == value and JA.text(again) == JA.text(value) == "魔王, 席 2が先に行動します。"


def test_a_games_text_given_as_a_value_of_a_message_of_the_app_is_rendered_too() -> None:
    said = JA("{name} (bot)", name=Message("Act first"))
    assert said == JA("{name} (bot)", name="先に行動する")
