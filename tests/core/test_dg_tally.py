"""Every 1-on-1's result, part by part (core/games/dangerous/tally.py): in bot games of 2-4
players the named parts add up to the result that decided the 1-on-1, the die part is the
highest die rolled, the log says the same parts with the same numbers, and every part names
where it comes from."""

from __future__ import annotations

import re
from typing import Any

from dgkit import Dg
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples
from tablekit import fold
from test_dg_faq import FAST, front, take_forest

from core.games.dangerous import tally
from core.games.dangerous.state import State
from core.games.dangerous.tally import Part, Parts, part_name, sum_text
from core.simulate import play_one
from core.table import Table

SOURCED = (tally.SUPPORT, tally.ITEM, tally.ABILITY, tally.CURSE)


def settled(states: list[State]) -> list[tuple[int, State]]:
    """The positions where a 1-on-1's result was just settled (the entry that resolved it)."""
    found = []
    for position in range(1, len(states)):
        before, after = states[position - 1].combat, states[position].combat
        if after is None or after.duel.winner not in (0, 1, 2) or not any(after.duel.parts):
            continue
        if before is None or before.duel.parts != after.duel.parts:
            found.append((position, states[position]))
    return found


def words_add_up(text: str) -> int:
    """The total a sum in words states ("4 +1 戦闘力 AP = 5"), checked against its numbers."""
    first = int(text.split(" ", 1)[0])
    signed = [int(n) for n in re.findall(r"(?<= )([+-]\d+)(?= )", text)]
    stated = re.search(r" = (-?\d+)$", text)
    total = first + sum(signed)
    assert stated is None or int(stated.group(1)) == total, text
    return total


def check_result(table: Table, position: int, state: State) -> set[str]:
    fight = state.combat
    assert fight is not None
    duel = fight.duel
    line = next(
        text for text in table.public_narration(position - 1) if text.startswith("Final result")
    )
    for side in (0, 1):
        parts: Parts = duel.parts[side]
        assert tally.result(parts) == duel.result[side], (parts, duel.result)
        first = parts[0]
        if duel.dice[side]:
            assert first == Part(tally.DIE, max(duel.dice[side]))
        else:
            assert first == Part(tally.NO_DICE, tally.NO_DICE_RESULT)
        for part in parts[1:]:
            assert part.kind not in (tally.DIE, tally.NO_DICE) and part.amount != 0
            assert bool(part.source) == (part.kind in SOURCED), part
            assert part_name(part)
        # The log says these very parts, and its numbers add up to the result it states.
        words = str(sum_text(parts))
        assert words_add_up(words) == duel.result[side]
        if len(parts) > 1 or first.kind != tally.DIE:
            assert words in line, (words, line)
    assert line.startswith(f"Final result {duel.result[0]} against {duel.result[1]}")
    # The results decide the 1-on-1 (a tie may go to an ability that decides it).
    mine, theirs = duel.result
    if mine != theirs:
        assert duel.winner == (0 if mine > theirs else 1)
    return {part.kind for side in duel.parts for part in side}


games = st.fixed_dictionaries(
    {
        "players": st.integers(2, 4),
        "seed": st.integers(0, 2**31),
        "bot": st.sampled_from(["random", "heuristic"]),
    }
)


@settings(max_examples=examples(6))
@given(games)
def test_the_named_parts_add_up_to_every_result(game: dict[str, Any]) -> None:
    table = play_one("dangerous", game["players"], game["seed"], game["bot"])
    found = settled(fold(table))
    assert found
    for position, state in found:
        check_result(table, position, state)


def test_bot_games_meet_every_common_kind_of_part() -> None:
    """The property above is not vacuous: these games' results have AP, supports, items,
    abilities and the floor of a die among their parts."""
    kinds: set[str] = set()
    for players, seed in ((4, 1), (3, 2), (2, 4)):
        table = play_one("dangerous", players, seed, "random")
        for position, state in settled(fold(table)):
            kinds |= check_result(table, position, state)
    assert {tally.DIE, tally.AP, tally.SUPPORT, tally.ITEM, tally.ABILITY, tally.FLOOR} <= kinds


def test_a_curse_is_a_named_part_of_the_next_result() -> None:
    """怨み崎Death子 beats ユキミ: 怨み節 takes 2 off the next card of the beaten side, and the
    result says so (the FAQ game of test_dg_faq)."""
    g = Dg(2)
    g.setup(bosses={"forest": ["uramisaki-deathko"], "banchou": ["yukimi", "teppeki-tateko"]})
    take_forest(g, "uramisaki-deathko")
    g.meeting(FAST)
    front(g, 0, "uramisaki-deathko")
    g.move(0, "banchou")
    g.attack([6, 1, 1], [1, 1, 1])
    g.attack([3, 1, 1], [4, 1, 1])
    boss = "the 番長小屋 Banchō's hut boss 4 -2 怨み崎Death子's 怨み節 curse = 2"
    said = f"Final result 3 against 2 (Aki 3; {boss}): 怨み崎Death子 (Lv3) wins."
    assert said in g.text()
