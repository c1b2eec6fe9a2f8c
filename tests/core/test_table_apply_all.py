"""Table.apply_all, a save's log applied as it loads: the same table as `apply` entry by entry,
and for a damaged log the same error, naming the same entry, with the entries before it
applied. Its quick path (the answer of a seat asked now) must refuse all that `apply` refuses:
another seat's turn, another decision's name, an option that is not on offer or unavailable."""

from __future__ import annotations

import pytest

from core.decisions import DecisionKind
from core.log import ChanceEntry, DecisionEntry, Entry
from core.simulate import play_one
from core.table import LogError, Table


def played(game: str, players: int, seed: int) -> Table:
    return play_one(game, players, seed, "random", None, 600)


def fresh(table: Table) -> Table:
    return Table(table.game, table.seats, table.options, table.seed)


def one_by_one(table: Table, log: list[Entry]) -> tuple[Table, str]:
    """`log` applied with `apply`, entry by entry: the table and the error ("" for none)."""
    for entry in log:
        try:
            table.apply(entry)
        except LogError as error:
            return table, f"{error.number}: {error}"
    return table, ""


def all_at_once(table: Table, log: list[Entry]) -> tuple[Table, str]:
    try:
        table.apply_all(log)
    except LogError as error:
        return table, f"{error.number}: {error}"
    return table, ""


def same(found: tuple[Table, str], expected: tuple[Table, str]) -> None:
    (table, error), (other, other_error) = found, expected
    assert error == other_error
    assert table.log == other.log
    assert table.step == other.step
    assert [table.entry_lines(i) for i in range(len(table))] == [
        other.entry_lines(i) for i in range(len(other))
    ]


@pytest.mark.parametrize(
    ("game", "players", "seed"), [("dangerous", 4, 2), ("light-and-dark", 5, 1)]
)
def test_a_whole_log_makes_the_table_apply_makes(game: str, players: int, seed: int) -> None:
    table = played(game, players, seed)
    log = list(table.log)
    same(all_at_once(fresh(table), log), one_by_one(fresh(table), log))
    assert all_at_once(fresh(table), log)[0].log == table.log


def damaged(table: Table) -> list[tuple[str, list[Entry]]]:
    """Logs of `table`'s game, each damaged at one decision after the start in one way."""
    log = list(table.log)
    found = []
    replayed = fresh(table)
    for index, entry in enumerate(log):
        if index > 20 and isinstance(entry, DecisionEntry):
            decision = replayed.decision_for(entry.seat)
            assert decision is not None
            seats = len(table.seats)
            changes: dict[str, Entry] = {
                "another seat": DecisionEntry(
                    (entry.seat + 1) % seats, entry.decision, entry.choice
                ),
                "no such seat": DecisionEntry(seats, entry.decision, entry.choice),
                "another decision": DecisionEntry(entry.seat, entry.decision + "x", entry.choice),
                "no such option": DecisionEntry(entry.seat, entry.decision, "nowhere"),
                "a chance instead": ChanceEntry(next(iter(log_chances(log))), (1,)),
            }
            if decision.kind is DecisionKind.CHOOSE_ONE:
                off = [option.id for option in decision.options if option.unavailable]
                if off:
                    changes["an unavailable option"] = DecisionEntry(
                        entry.seat, entry.decision, off[0]
                    )
            for what, bad in changes.items():
                found.append((what, [*log[:index], bad, *log[index + 1 :]]))
        if len(found) > 60:
            break
        replayed.apply(entry)
    return found


def log_chances(log: list[Entry]) -> list[object]:
    return [entry.chance for entry in log if isinstance(entry, ChanceEntry)]


@pytest.mark.parametrize(
    ("game", "players", "seed"), [("dangerous", 4, 2), ("light-and-dark", 5, 1)]
)
def test_a_damaged_log_fails_as_apply_fails_at_the_same_entry(
    game: str, players: int, seed: int
) -> None:
    table = played(game, players, seed)
    cases = damaged(table)
    assert {"another seat", "another decision", "no such option"} <= {what for what, _ in cases}
    for what, log in cases:
        expected = one_by_one(fresh(table), log)
        assert expected[1], what  # (each damage is an error)
        same(all_at_once(fresh(table), log), expected)
