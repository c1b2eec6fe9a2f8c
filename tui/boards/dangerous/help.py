"""The Dangerous rules in short and the board's keys, for the help screen."""

from __future__ import annotations

from core.i18n import N_

RULES = N_("""\
Dangerous (戦闘破壊学園ダンゲロス・ボードゲーム) is a dungeon crawl around a school for 2 to 4
players. Each of you leads a party of demon students (your hand, an ordered row: it fights from
the front, winner stays on) and hunts the bosses of the school; when the last card of the old
school building (旧校舎, OLD on the map) falls, the final battle decides the winner. (A table may
add a turn limit as a house rule: the final battle then also follows the last turn.)

Every turn starts with a strategy meeting: each player has 3 AP (plus any Next-turn-AP placed
last turn, at most 6) and, from the start player round the table, places one AP at a time on
the six actions: Movement (+1 move each), Combat (+1 to your highest die in this turn's fights),
Next start player (most AP wins the chip), Next turn AP +1, Item (every 2 AP roll the item die:
take that item, even from another player) and Lv2 demon appears (each AP rolls for a Lv2 token).
Every action has a cap for the table; all AP must be placed. Before placing, some cards spend
AP on an ability; after it, 立川トシオ may move two of yours.

Exploration: each player in turn moves up to their movement (highest level in the party, a
transfer student counts 4, plus Movement AP) and fights what is where they stop. A normal space:
the top card of the face-up Lv1 deck. A Lv2 token: the top card of the Lv2 deck. A boss space:
the boss's face-down party. The spring: take cards back from your discard pile. Pieces can be
passed freely; Lv2 tokens and standing bosses stop you. Field abilities and items work any time
in your turn: before you move, and after the move and its fight until you end your turn.

Combat: front card against front card, one 1-on-1 at a time. Each card rolls as many dice as
its level; its result is its highest die plus bonuses (Combat AP, supports, abilities, items).
Higher result wins, equal results kill both. Ambush abilities fire first; before-dice,
after-dice, on-win and on-discard abilities at their moments. The next player in turn order
plays the enemy and makes its choices. A beaten field enemy joins your party or your discard
pile; a beaten boss gives one of its cards, a boss token and an item. After losing a card you
may flee. An empty party is wiped out: back to the spring, draw 3 from your discard pile.
At most 5 cards in a party.

Final battle: everyone builds a secret party of 3 + boss tokens cards from hand and discard
pile, orders it face down, and all are revealed at once. After an ambush round, players take
turns attacking another player's front card; the last player with cards wins.
""")

KEYS = (
    (
        N_("order a party"),
        N_(
            "Up/Down select; Left/Right, [ ] or Shift+Up/Down move the card; "
            "Home or f to the front; Enter confirms. The mouse: click a card to select it, or "
            "drag it up or down and release it where it goes"
        ),
    ),
)
