"""The end of an exploration battle (rulebook §4-§6): what happens to the enemy cards, a boss's
rewards, and a wiped-out party's return to the spring."""

from __future__ import annotations

from typing import Any

from core import chance
from core.agenda import Asking, Automatic, Done, Task, push
from core.chance import ChanceRequest
from core.decisions import Decision, choose_one
from core.frozen import replace
from core.games.dangerous import rolls
from core.games.dangerous.aftermath import HandLimit, take
from core.games.dangerous.board import retire_tokens
from core.games.dangerous.cards import card_name, card_option
from core.games.dangerous.content import content
from core.games.dangerous.final import FinalStart
from core.games.dangerous.meeting import ItemRoll
from core.games.dangerous.piles import DrawRandom, top_up
from core.games.dangerous.state import State
from core.narration import Lines, Message, listing, say
from core.records import dataclass

OLD_BUILDING = "old-building"


@dataclass(frozen=True)
class CombatEnd(Automatic[State]):
    def run(self, state: State) -> Done[State]:
        fight = state.combat
        assert fight is not None
        seat, controller = fight.seats
        lines: Lines = []
        party = state.players[seat].party
        enemy = fight.enemy
        state = replace(state, last_battle=fight.log, combat=None)
        tasks: list[Task[State]] = []
        if fight.kind == "boss" and enemy:
            # Fled or wiped: the boss stays with what is left; what was beaten is the player's.
            state = replace(state, bosses={**state.bosses, fight.boss: enemy})
            pile = (*state.players[seat].discard, *fight.defeated)
            state = state.with_player(seat, discard=pile)
        elif fight.kind == "boss":
            if party and fight.defeated:
                tasks.append(BossPick(seat, fight.defeated))
            else:
                # Cleared with the last card falling too: the boss cards go to the discard pile
                # before the wipe-out's corpse theft and redraw.
                pile = (*state.players[seat].discard, *fight.defeated)
                state = state.with_player(seat, discard=pile)
            tasks.append(BossCleared(seat, fight.boss))
        elif enemy:
            deck = fight.kind
            state = replace(state, decks={**state.decks, deck: (*state.decks[deck], *enemy)})
            names = listing([card_name(c) for c in enemy])
            lines.append(
                say(
                    "{names} goes to the bottom of the {deck} deck.",
                    names=names,
                    deck=deck.capitalize(),
                )
            )
        if not party:
            tasks.insert(0, Wipeout(seat, controller))
        else:
            tasks.append(HandLimit(seat))  # a card 友釣り took in the battle (R1, R36)
        if state.decks.get("lv2") == () and not state.lv2_retired:
            state = retire_tokens(state)
            lines.append(say("The Lv2 deck is empty: every Lv2 token leaves the board for good."))
        return push(state, *tasks), lines


@dataclass(frozen=True)
class BossPick(Asking[State]):
    """The beaten boss's `cards` wait here until `seat` takes one; the rest are discarded."""

    seat: int
    cards: tuple[str, ...]

    def ask(self, state: State) -> Decision:
        options = tuple(card_option(c) for c in self.cards)
        prompt = Message(
            "The boss is beaten: choose one of its cards for your party (the rest are discarded)."
        )
        return choose_one(self.seat, "boss-card", prompt, options)

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        chosen = str(answer)
        rest = (c for c in self.cards if c != chosen)
        state = state.with_player(self.seat, discard=(*state.players[self.seat].discard, *rest))
        return take(state, self.seat, (chosen,), True)


@dataclass(frozen=True)
class BossCleared(Automatic[State]):
    seat: int
    boss: str

    def run(self, state: State) -> Done[State]:
        site = content().board.boss(self.boss)
        state = state.with_player(self.seat, tokens=(*state.players[self.seat].tokens, self.boss))
        state = replace(state, cleared={**state.cleared, self.boss: self.seat})
        line = say(
            "{name} defeats the {boss} boss and takes its token.",
            name=state.names[self.seat],
            boss=site.title,
        )
        tasks: list[Task[State]] = [ItemRoll(self.seat, site.item_bonus, reward=True)]
        if self.boss == OLD_BUILDING:
            tasks.append(FinalStart(self.seat))
        return push(state, *tasks), [line]


@dataclass(frozen=True)
class Wipeout(Automatic[State]):
    """`seat`'s party is gone: back to the spring; `thief` (the enemy's controller) may rob the
    corpse."""

    seat: int
    thief: int

    def run(self, state: State) -> Done[State]:
        seat = self.seat
        state = state.with_player(seat, space=content().board.spring)
        if state.explorer == seat:
            # The turn ends with the wipe-out: 次のターンから通常通り行動可能 (line 124).
            state = replace(state, explorer=-1)
        lines: Lines = [
            say("{name}'s party is wiped out: back to the spring.", name=state.names[seat])
        ]
        tasks: list[Task[State]] = []
        if len(state.players[seat].discard) > 3 and self.thief != seat:
            tasks.append(CorpseTheft(seat, self.thief))
        tasks.append(Redraw(seat))
        return push(state, *tasks), lines


@dataclass(frozen=True)
class CorpseTheft(Asking[State]):
    seat: int
    thief: int

    def ask(self, state: State) -> ChanceRequest:
        pile = state.players[self.seat].discard
        return chance.pick(tuple(pile), rolls.of_player(rolls.CORPSE_PICK, state.names[self.thief]))

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        stolen = str(answer[0])
        pile = list(state.players[self.seat].discard)
        pile.remove(stolen)
        state = state.with_player(self.seat, discard=tuple(pile))
        haul = (*state.players[self.thief].discard, stolen)
        state = state.with_player(self.thief, discard=haul)
        return state, [
            say(
                "{name} takes {stolen} from the corpse.",
                name=state.names[self.thief],
                stolen=card_name(stolen),
            )
        ]


@dataclass(frozen=True)
class Redraw(Automatic[State]):
    seat: int

    def run(self, state: State) -> Done[State]:
        if not state.players[self.seat].discard:
            return top_up(state, self.seat, [])
        return push(state, DrawRandom(self.seat, 3, at_spring=False)), []
