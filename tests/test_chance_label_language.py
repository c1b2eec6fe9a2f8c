"""What a roll is for (a chance request's label) and whose dice they are read in the reader's
language: a damaged save's error names them (`file: エントリー N: label: why`), and in Japanese
no English is left but the players' own names. str() stays the English it always was (logs,
--json, the games' digests)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import pytest
import tomli_w

from core import saves
from core.chance import ChanceRequest
from core.games.dangerous import rolls
from core.games.dangerous.content import content
from core.i18n import translator
from core.narration import Text
from core.simulate import play_one
from core.table import Table
from tui.cli import main

SAVES = Path(__file__).resolve().parent.parent / "saves"
JA = translator("ja").text


def english_left(text: str, names: Iterable[str] = ()) -> list[str]:
    """The English words in `text` once the players' names are taken out ('Lv' is a game term
    in Japanese too, so a word is three letters or more)."""
    for name in names:
        text = text.replace(name, "")
    return re.findall(r"[A-Za-z]{3,}", text)


def requests_of(table: Table) -> dict[int, ChanceRequest]:
    """Every chance request of `table`'s game, replayed from its log, by the entry's index."""
    again = Table(table.game, table.seats, table.options, table.seed)
    seen = {}
    for index, entry in enumerate(table.log):
        if again.step.chance is not None:
            seen[index] = again.step.chance
        again.apply(entry)
    return seen


def games() -> list[Table]:
    played = [
        play_one("light-and-dark", 5, 1, "heuristic"),
        play_one("dangerous", 2, 21, "heuristic"),
        play_one("dangerous", 4, 3, "heuristic"),
    ]
    sudden = ("light-and-dark-4p-sudden-death.toml", "light-and-dark-4p-sudden-death-roll-off.toml")
    return played + [saves.load(SAVES / name).table for name in sudden]


@pytest.mark.parametrize("table", games(), ids=lambda table: f"{table.game.id}-{table.seed}")
def test_every_roll_of_a_game_is_named_in_japanese_and_as_before_in_english(
    table: Table,
) -> None:
    requests = requests_of(table)
    assert requests
    for request in requests.values():
        japanese = JA(request.label)
        assert not english_left(japanese, table.names), (str(request.label), japanese)
        assert str(request.label) == translator("en").text(request.label)
        for whose, _ in request.parts:
            assert not english_left(JA(whose), table.names), (str(whose), JA(whose))


def test_every_roll_dangerous_can_ask_for_is_named_in_japanese() -> None:
    """The rolls few bot games reach (a justice roll, the corpse's card...), each maker once."""
    card, item = "adashino-utsuro", next(iter(content().items))
    player_rolls = (rolls.ITEM_ROLL, rolls.LV2_ROLL, rolls.SPRING_ROLL, rolls.DISCARD_PILE)
    card_rolls = (rolls.COUNTER_ROLL, rolls.ABILITY_ROLL, rolls.JUSTICE_ROLL, rolls.AMBUSH_ROLL)
    labels: list[Text] = [
        rolls.FIRST_START_PLAYER,
        rolls.ATTACK_DICE,
        *(rolls.of_player(template, "Aki") for template in player_rolls),
        *(rolls.of_player(template, "Aki") for template in (rolls.CORPSE_PICK, rolls.REROLL)),
        *(rolls.of_card(template, card) for template in (*card_rolls, rolls.VICTORY_ROLL)),
        rolls.reward_roll("Aki", 2),
        rolls.ability_dice(card),
        rolls.item_effect_roll(item),
    ]
    for label in labels:
        assert not english_left(JA(label), ["Aki"]), (str(label), JA(label))
    assert str(rolls.of_player(rolls.ITEM_ROLL, "Aki")) == "Aki's item roll"
    assert str(rolls.reward_roll("Aki", 2)) == "Aki's reward roll (+2)"
    assert str(rolls.ability_dice(card)) == "化野ウツロ (Lv1)'s 道連れ"


def damaged_verify(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, table: Table, index: int, values: list[int]
) -> tuple[str, str]:
    """`partyline verify` of `table`'s save with entry `index`'s values changed, in Japanese
    and in English: what each says after the file's name."""
    data = saves.to_data(table)
    data["log"][index]["values"] = values
    path = tmp_path / "damaged.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    said = []
    for lang in ("ja", "en"):
        assert main(["--lang", lang, "verify", str(path)]) == 1
        out, err = capsys.readouterr()
        said.append((out + err).removeprefix(f"{path}: ").strip())
    return said[0], said[1]


def test_a_damaged_light_and_dark_save_has_no_english_left_in_japanese(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    table = saves.load(SAVES / "light-and-dark-3p-heuristic.toml").table
    japanese, english = damaged_verify(capsys, tmp_path, table, 2, [1, 9])
    assert japanese == "エントリー 3: ボスの体力: 6 面のダイスに 9 の目はありません"
    assert english == "entry 3: the boss's HP: a 6-sided die cannot show 9"


def test_damaged_attack_dice_name_the_roll_and_whose_dice_in_japanese(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    table = play_one("dangerous", 2, 21, "heuristic")
    index, request = next(
        (index, request)
        for index, request in requests_of(table).items()
        if str(request.label).startswith("the attack dice")
    )
    japanese, english = damaged_verify(capsys, tmp_path, table, index, [1] * (request.count - 1))
    assert japanese.startswith(f"エントリー {index + 1}: 攻撃ダイス（両陣営同時）: ")
    assert not english_left(japanese, table.names), japanese
    assert english.startswith(f"entry {index + 1}: the attack dice (both sides at once): ")
