"""Dangerous's decisions and their option ids, as saves hold them (core.games.catalogue)."""

from __future__ import annotations

from core.decisions import DecisionKind, OptionId
from core.games.catalogue import ORDER, SEVERAL, Catalogue, DecisionInfo, IdKind, seat_ids
from core.games.dangerous.content import content
from core.i18n import N_

ORDER_OR_OK = (*ORDER, DecisionKind.CHOOSE_ONE)
"""A party to put in order; a party of fewer than two cards is asked for 'ok' instead."""


def _card(value: OptionId) -> bool:
    return isinstance(value, str) and any(value in deck for deck in content().decks.values())


def _item(value: OptionId) -> bool:
    return isinstance(value, str) and value in content().items


def _space(value: OptionId) -> bool:
    return isinstance(value, str) and value in content().board.spaces


def _action(value: OptionId) -> bool:
    return isinstance(value, str) and any(action.id == value for action in content().actions)


def _boss(value: OptionId) -> bool:
    return isinstance(value, str) and any(site.id == value for site in content().board.bosses)


CATALOGUE = Catalogue(
    "dangerous",
    (
        DecisionInfo(
            "draft",
            "draft option, set-up: every player at once, in secret, keeping one card of the packet",
            ("<card>",),
            label=N_("keep a card from the packet"),
        ),
        DecisionInfo(
            "order",
            "set-up: each player puts the starting party in order; exploration: after 'reorder'",
            ("<card>", "ok"),
            kinds=ORDER_OR_OK,
            note="front card first",
            label=N_("put the party in order"),
        ),
        DecisionInfo(
            "meeting-ability",
            "strategy meeting: a player with a meeting ability, before placing AP or once all "
            "are placed",
            ("<card>", "done"),
            label=N_("use a meeting ability"),
        ),
        DecisionInfo(
            "ap",
            "strategy meeting: each player in turn places one AP",
            ("<action>",),
            label=N_("place an AP"),
        ),
        DecisionInfo(
            "ap-move",
            "strategy meeting: a card's ability moves one of its player's AP",
            ("<action>><action>", "done"),
            note="from one action to another",
            label=N_("move an AP"),
        ),
        DecisionInfo(
            "token",
            "a Lv2 appearance roll or a card's ability puts a Lv2 token on a square",
            ("<space>", "<space>><space>", "done"),
            note="'old>new' moves a token when the supply is empty",
            label=N_("place a Lv2 token"),
        ),
        DecisionInfo(
            "move",
            "field exploration: the player whose turn it is, until a square is chosen",
            ("<space>", "reorder", "card:<card>", "item:<item>"),
            note="a square ends the turn's move; 'card:' and 'item:' use a field ability or item",
            label=N_("choose where to move"),
        ),
        DecisionInfo(
            "field",
            "field exploration, after the move and its event: field abilities and items until the "
            "player ends the turn (line 62: 手番中いつでも)",
            ("card:<card>", "item:<item>", "done"),
            label=N_("use field abilities or end the turn"),
        ),
        DecisionInfo(
            "teleport",
            "field exploration: a jump ability's destination",
            ("<space>",),
            label=N_("choose where to jump"),
        ),
        DecisionInfo(
            "slow",
            "field exploration: whose movement a card's ability lowers",
            ("<seat>",),
            label=N_("choose whose movement to lower"),
        ),
        DecisionInfo(
            "grasshopper",
            "field exploration: whom to swap squares with",
            ("<seat>",),
            label=N_("choose whom to swap squares with"),
        ),
        DecisionInfo(
            "heal",
            "field exploration: a healing item brings a card back from the discard pile",
            ("<card>",),
            label=N_("choose a card to heal from the discard pile"),
        ),
        DecisionInfo(
            "boss",
            "the classroom, which holds two bosses: which to fight",
            ("<boss>",),
            label=N_("choose which boss to fight"),
        ),
        DecisionInfo(
            "spring",
            "the spring's event",
            ("draw", "swap", "rest"),
            label=N_("choose the spring's event"),
        ),
        DecisionInfo(
            "spring-out",
            "the spring, 'swap': the party card that leaves",
            ("<card>",),
            label=N_("choose the card that leaves the party"),
        ),
        DecisionInfo(
            "spring-in",
            "the spring: a card that comes back from the discard pile",
            ("<card>",),
            label=N_("choose a card the spring brings back"),
        ),
        DecisionInfo(
            "ambush-item",
            "a battle's ambush step: use an ambush item on the enemy?",
            ("<item>", "no"),
            label=N_("decide whether to use an ambush item"),
        ),
        DecisionInfo(
            "ability",
            "a 1-on-1, before the dice: use the fighting card's optional ability?",
            ("yes", "no"),
            label=N_("decide whether to use an ability before the dice"),
        ),
        DecisionInfo(
            "after-dice",
            "a 1-on-1, after the dice: the fighting card's ability and the party's items",
            ("card:<card>", "item:<item>", "done"),
            label=N_("use abilities or items after the dice"),
        ),
        DecisionInfo(
            "flee",
            "exploration battle: your card fell; fight on or flee?",
            ("fight", "flee"),
            label=N_("fight on or flee"),
        ),
        DecisionInfo(
            "capture",
            "a won exploration battle: the beaten Lv1/Lv2 card joins the party or the discard pile",
            ("party", "discard"),
            label=N_("take the beaten card or discard it"),
        ),
        DecisionInfo(
            "boss-card",
            "a beaten boss: which of its cards joins the party",
            ("<card>",),
            label=N_("choose which of the boss's cards joins the party"),
        ),
        DecisionInfo(
            "revive",
            "settlement: an insurance ability brings a card back from the discard pile?",
            ("<card>", "no"),
            label=N_("decide whether to bring a card back"),
        ),
        DecisionInfo(
            "hand-limit",
            "a party over the hand limit: the cards that go to the discard pile",
            ("<card>",),
            kinds=SEVERAL,
            label=N_("discard down to the hand limit"),
        ),
        DecisionInfo(
            "act-first",
            "a timing window where both sides have an ability to use (line 103): both players at "
            "once, in secret, say whether they want to act first; a tie is rolled off",
            ("first", "later"),
            note="the next player answers for an enemy row",
            label=N_("say whether they act first"),
        ),
        DecisionInfo(
            "final-party",
            "the final battle: every player at once, in secret, from hand and discard pile",
            ("<card>",),
            kinds=SEVERAL,
            note="exactly the party size: 3 + boss tokens",
            label=N_("choose the final party"),
        ),
        DecisionInfo(
            "final-order",
            "the final battle: every player at once, in secret, orders the chosen party",
            ("<card>", "ok"),
            kinds=ORDER_OR_OK,
            label=N_("put the final party in order"),
        ),
        DecisionInfo(
            "ambush-item-target",
            "the final battle's opening: a player with an ambush item chooses whom to use it on",
            ("<seat>", "no"),
            label=N_("choose whom to use an ambush item on"),
        ),
        DecisionInfo(
            "ambush-target",
            "the final battle's opening: whom a card's ambush ability strikes",
            ("<seat>",),
            label=N_("choose whom the ambush strikes"),
        ),
        DecisionInfo(
            "target",
            "the final battle: the player whose turn it is chooses whom to attack",
            ("<seat>",),
            label=N_("choose whom to attack"),
        ),
    ),
    (
        seat_ids(4),
        IdKind(
            "card",
            "a card of `cards.toml` as the decks hold it (`bal`; a second copy: `oodaiko-don#2`)",
            _card,
        ),
        IdKind("item", "an item id of `items.toml` (`curry`, `katana`, ...)", _item),
        IdKind("space", "a square of `board.toml` (`forest`, `art-room`, ...)", _space),
        IdKind(
            "action", "a strategy-meeting action of `actions.toml` (`move`, `combat`, ...)", _action
        ),
        IdKind("boss", "a boss site of `board.toml` (`classroom-a`, `classroom-b`)", _boss),
    ),
)
