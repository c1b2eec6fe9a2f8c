"""Table.notable: the entries a screen holds on, as the games mark them (Applied.reveals and
Applied.decides): reveals and the result of every fight."""

from __future__ import annotations

from core.games import get_game
from core.runner import BotDriver
from core.table import Seat, SeatKind, Table, new_table


def bots_game(game_id: str, seed: int) -> Table:
    seats = tuple(Seat(f"Bot {n}", SeatKind.BOT, "heuristic") for n in range(1, 4))
    table = new_table(get_game(game_id), seats, {}, seed)
    driver = BotDriver(table)
    while driver.play_one():
        pass
    assert table.over
    return table


def lines(table: Table, index: int) -> str:
    return "\n".join(table.public_narration(index))


def test_light_and_dark_holds_on_every_reveal_and_battle_result_only() -> None:
    table = bots_game("light-and-dark", 5)
    notable = {index for index in range(len(table)) if table.notable(index)}
    marked = {
        index
        for index in range(len(table))
        if "Everyone reveals" in lines(table, index) or " HP: the party " in lines(table, index)
    }
    assert notable == marked
    assert len(notable) >= 4


def test_dangerous_holds_on_every_1_on_1_result_and_the_final_reveal() -> None:
    table = bots_game("dangerous", 5)
    notable = {index for index in range(len(table)) if table.notable(index)}
    results = {
        index
        for index in range(len(table))
        if "Final result" in lines(table, index) or "wins by default" in lines(table, index)
    }
    final_reveal = {index for index in range(len(table)) if " reveals: " in lines(table, index)}
    assert results and len(final_reveal) == 1
    assert results | final_reveal <= notable
    # The rest: a boss's cards turned up the first time a player enters its space, a 1-on-1
    # ended by an ability before its result. Holding on every entry would be no hold at all.
    assert len(notable) < len(table) // 4
