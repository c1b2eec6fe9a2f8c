"""Items from exploration into the final battle (rulebook lines 56, 105, 130; docs/rules/
dangerous.md rulings R9 and R37): every item a player holds when exploration ends is usable in
the final battle, and an item is spent when used, in either phase."""

from __future__ import annotations

from dgkit import Dg

QUIET_AKI = ("idaten-koharu", "idaten-koharu#2", "rindou")
QUIET_BEA = ("otoshiana-gonzou", "arijigoku-tamako", "nukemichi-wataru")


def test_items_held_when_exploration_ends_serve_in_the_final_battle_and_are_spent_once() -> None:
    g = Dg(2, turn_limit=1)  # the house rule, so that the final battle follows this turn
    g.setup(parties=[QUIET_AKI, QUIET_BEA], items=(1, 5))  # Aki the knife, Bea the skateboard
    g.meeting({0: ["item", "item", "move"], 1: ["move", "move", "next_ap"]})
    g.expect("chance:Aki's item roll")
    g.dice(3)  # the curry
    assert g.state.players[0].items == ("knife", "curry")
    # Exploration: the knife turns a tie into a win, and is spent (R9).
    g.move(0, "statue")
    g.attack([2], [2])
    assert {"item:knife", "item:curry"} <= set(g.options())
    g.decide(0, "after-dice", "item:knife")
    g.decide(0, "after-dice", "done")
    assert "Final result 3 against 2" in g.text()
    g.decide(0, "capture", "discard")
    assert g.state.players[0].items == ("curry",)
    g.rest(1)
    # The final battle (line 130: 入手したアイテムは全て決戦フェイズでも使用できます): the curry
    # Aki still holds is usable; the knife she spent is not hers any more.
    assert g.state.phase == "final"
    g.decide(0, "final-party", QUIET_AKI)
    g.decide(1, "final-party", tuple(sorted(QUIET_BEA)))
    g.decide(0, "final-order", QUIET_AKI)
    g.decide(1, "final-order", QUIET_BEA)
    g.decide(0, "target", 1)
    g.attack([1], [3])
    assert set(g.options()) == {"item:curry", "done"}
    g.decide(0, "after-dice", "item:curry")
    # Spent: with nothing left to use, the after-dice window closes by itself.
    assert "Final result 4 against 3" in g.text()
    assert g.state.players[0].items == ()
