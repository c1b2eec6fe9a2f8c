"""The final battle (rulebook §7): secret parties, one ambush round, then one duel per turn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.agenda import Asking, Automatic, Done, Gather, Task, pending_gather, push
from core.decisions import Choice, Decision, Option, choose_one, choose_several, order
from core.frozen import replace
from core.games.dangerous.ambush import AMBUSH_EFFECTS, AmbushFire, AmbushItems
from core.games.dangerous.cards import card_name, card_option
from core.games.dangerous.combat import start_combat
from core.games.dangerous.content import content
from core.games.dangerous.state import Combat, Final, State
from core.narration import LIST_SEPARATOR, Joined, Lines, Message, Narration, listing, say
from core.records import dataclass

BASE_PARTY = 3


def final(state: State) -> Final:
    assert state.final is not None
    return state.final


def pool(state: State, seat: int) -> tuple[str, ...]:
    """Every card a player may build the final party from: hand and discard pile."""
    player = state.players[seat]
    return (*player.party, *player.discard)


def alive(state: State) -> list[int]:
    return [seat for seat in final(state).order if state.players[seat].party]


@dataclass(frozen=True)
class FinalStart(Automatic[State]):
    """Exploration stops at once; every player builds a party of 3 + boss tokens in secret."""

    first: int

    def run(self, state: State) -> Done[State]:
        order_ = state.clockwise(self.first)
        seats = range(state.player_count)
        sizes = tuple(BASE_PARTY + len(state.players[seat].tokens) for seat in seats)
        built: tuple[tuple[str, ...] | None, ...] = tuple(
            None if pool(state, seat) else () for seat in seats
        )
        state = replace(
            state,
            agenda=(),
            phase="final",
            meeting=None,
            combat=None,
            final=Final(order=order_, size=sizes, built=built, fought=(0,) * len(sizes)),
        )
        listed = Joined(
            tuple(Message("{name} {count}", name=state.names[s], count=sizes[s]) for s in seats),
            LIST_SEPARATOR,
        )
        lines = [
            say("The final battle begins. {name} goes first.", name=state.names[self.first]),
            say("Party sizes: {listed}.", listed=listed),
        ]
        builders = tuple(seat for seat in order_ if built[seat] is None)
        state = push(
            state,
            FinalPick(builders),
            FinalOrder(builders),
            FinalReveal(),
            FinalAmbushRound(),
            FinalTurn(),
        )
        return state, lines


# --- the secret parties -------------------------------------------------------------------------


@dataclass(frozen=True)
class PartyGather(Gather[State]):
    """The `builders` (players with any card left) answer at once, in secret."""

    builders: tuple[int, ...]

    def seats(self, state: State) -> tuple[int, ...]:
        return self.builders


@dataclass(frozen=True)
class FinalPick(PartyGather):
    """Choose the final party."""

    def decision(self, state: State, seat: int) -> Decision:
        cards = pool(state, seat)
        size = min(final(state).size[seat], len(cards))
        options = tuple(card_option(c) for c in cards)
        prompt = Message(
            "Build your final party in secret: choose {size} card(s) "
            "from your hand and discard pile.",
            size=size,
        )
        return choose_several(seat, "final-party", prompt, options, size, size)

    def answered(self, state: State, seat: int, choice: Choice) -> Lines:
        chosen = listing([card_name(str(c)) for c in _cards(choice)])
        name = state.names[seat]
        return [
            Narration(
                Message("{name} chooses a final party.", name=name),
                secret=((seat, Message("You choose {cards}.", cards=chosen)),),
                full=Message("{name} chooses {cards}.", name=name, cards=chosen),
            )
        ]

    def reveal(self, state: State, answers: Mapping[int, Choice]) -> Done[State]:
        return _build(state, answers), []


@dataclass(frozen=True)
class FinalOrder(PartyGather):
    """Put the final party in order, face down."""

    def decision(self, state: State, seat: int) -> Decision:
        chosen = final(state).built[seat] or ()
        options = tuple(card_option(c) for c in chosen)
        prompt = Message("Order your final party, face down (front fights first).")
        if len(options) < 2:
            return choose_one(seat, "final-order", prompt, (Option("ok", Message("Ready")),))
        return order(seat, "final-order", prompt, options)

    def answered(self, state: State, seat: int, choice: Choice) -> Lines:
        laid = Message("{name} lays the party face down.", name=state.names[seat])
        return [Narration(laid, secret=((seat, Message("Your party is ready.")),))]

    def reveal(self, state: State, answers: Mapping[int, Choice]) -> Done[State]:
        ordered = {seat: choice for seat, choice in answers.items() if isinstance(choice, tuple)}
        return _build(state, ordered), []


def _cards(choice: Choice) -> tuple[str, ...]:
    assert isinstance(choice, tuple)
    return tuple(str(card) for card in choice)


def _build(state: State, parties: Mapping[int, Choice]) -> State:
    built = list(final(state).built)
    for seat, choice in parties.items():
        built[seat] = _cards(choice)
    return replace(state, final=replace(final(state), built=tuple(built)))


def secret_party(state: State, seat: int) -> tuple[str, ...] | None:
    """`seat`'s final party as its owner knows it before the reveal: what it has built, or what
    it has answered while the others still choose (None: nothing chosen yet)."""
    for kind in (FinalOrder, FinalPick):
        held = pending_gather(state, kind)
        answer = held.answer_of(seat) if held is not None else None
        if isinstance(answer, tuple):
            return _cards(answer)
    return final(state).built[seat]


def ready(state: State) -> tuple[bool, ...]:
    """Who has chosen a final party (public: everyone hears that a party is chosen)."""
    held = pending_gather(state, FinalPick)
    picked = set(held.builders) - set(held.waiting(state)) if held is not None else set()
    return tuple(
        cards is not None or seat in picked for seat, cards in enumerate(final(state).built)
    )


@dataclass(frozen=True)
class FinalReveal(Automatic[State]):
    def run(self, state: State) -> Done[State]:
        lines: Lines = []
        for seat in final(state).order:
            chosen = final(state).built[seat] or ()
            rest = list(pool(state, seat))
            for instance in chosen:
                rest.remove(instance)
            state = state.with_player(seat, party=chosen, discard=tuple(rest), out=not chosen)
            shown = listing([card_name(c) for c in chosen]) or Message("nobody")
            lines.append(say("{name} reveals: {shown}.", name=state.names[seat], shown=shown))
        state = replace(
            state, final=replace(final(state), revealed=True), reveal_count=state.reveal_count + 1
        )
        return state, lines


# --- the ambush round ---------------------------------------------------------------------------


@dataclass(frozen=True)
class FinalAmbushRound(Automatic[State]):
    """<戦闘開始前>: in turn order, each player's ambush abilities, each at a target they pick."""

    def run(self, state: State) -> Done[State]:
        tasks: list[Task[State]] = []
        for seat in final(state).order:
            for instance in state.players[seat].party:
                if content().card(instance).effect in AMBUSH_EFFECTS:  # not the ambush supports
                    tasks.append(FinalAmbushTarget(seat, instance))
            items = state.players[seat].items
            if any(content().items[item].timing == "ambush" for item in items):
                tasks.append(FinalItemTarget(seat))
        return push(state, *tasks), []


@dataclass(frozen=True)
class FinalItemTarget(Asking[State]):
    seat: int

    def ask(self, state: State) -> Decision:
        targets = [seat for seat in alive(state) if seat != self.seat]
        options = tuple(
            Option(seat, Message("Use an ambush item on {name}", name=state.names[seat]))
            for seat in targets
        )
        prompt = Message(
            "Before the final duels: use an ambush item (R24)? Choose a target, or keep them."
        )
        no = Option("no", Message("Keep my items"))
        return choose_one(self.seat, "ambush-item-target", prompt, (*options, no))

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        if answer == "no" or not state.players[self.seat].party:
            return state, []
        target = int(answer)
        state = replace(state, combat=Combat(kind="final", seats=(self.seat, target)))
        return push(state, AmbushItems(0), FinalAmbushDone()), []


@dataclass(frozen=True)
class FinalAmbushTarget(Asking[State]):
    seat: int
    ambusher: str

    def ask(self, state: State) -> Decision:
        targets = [seat for seat in alive(state) if seat != self.seat]
        options = tuple(Option(seat, state.names[seat]) for seat in targets)
        prompt = Message(
            "{card}'s ambush must strike someone: choose a player.", card=card_name(self.ambusher)
        )
        return choose_one(self.seat, "ambush-target", prompt, options)

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        target = int(answer)
        state = replace(state, combat=Combat(kind="final", seats=(self.seat, target)))
        return push(state, AmbushFire(0, self.ambusher), FinalAmbushDone()), []


@dataclass(frozen=True)
class FinalAmbushDone(Automatic[State]):
    def run(self, state: State) -> Done[State]:
        fight = state.combat
        log = fight.log if fight else ()
        state = replace(state, combat=None, last_battle=log)
        # An ambush can leave a player with nobody, or an ambusher can have fallen already:
        # drop the remaining ambush tasks of cards that are gone or have no target left.
        agenda = tuple(t for t in state.agenda if _still_relevant(state, t))
        return state.with_agenda(agenda), []


def _still_relevant(state: State, task: Task[State]) -> bool:
    if not isinstance(task, FinalAmbushTarget | FinalItemTarget):
        return True
    if len(alive(state)) <= 1 or not state.players[task.seat].party:
        return False
    return isinstance(task, FinalItemTarget) or task.ambusher in state.players[task.seat].party


# --- the duels ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class FinalTurn(Automatic[State]):
    def run(self, state: State) -> Done[State]:
        standing = alive(state)
        if len(standing) <= 1:
            return push(state, FinalEnd()), []
        current = final(state)
        for step in range(len(current.order)):
            index = (current.turn + step) % len(current.order)
            seat = current.order[index]
            if seat in standing:
                turn = (index + 1) % len(current.order)
                state = replace(state, final=replace(current, turn=turn))
                return push(state, FinalTarget(seat)), []
        return push(state, FinalEnd()), []


@dataclass(frozen=True)
class FinalTarget(Asking[State]):
    seat: int

    def ask(self, state: State) -> Decision:
        options = tuple(
            Option(
                seat,
                state.names[seat],
                Message("front: {card}", card=card_name(state.players[seat].party[0])),
            )
            for seat in alive(state)
            if seat != self.seat
        )
        prompt = Message(
            "Your turn in the final battle: whom do you attack? (passing is not allowed)"
        )
        return choose_one(self.seat, "target", prompt, options)

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        target = int(answer)
        # Each duel is a battle of its own, but a party's first 1-on-1 happens once (FAQ
        # 一刀両断, line 187: the first fight after the ambush step).
        fought = final(state).fought
        fight = Combat(
            kind="final", seats=(self.seat, target), fought=(fought[self.seat], fought[target])
        )
        state = start_combat(state, fight, FinalDuelOver())
        return state, [
            say("{name} attacks {target}.", name=state.names[self.seat], target=state.names[target])
        ]


@dataclass(frozen=True)
class FinalDuelOver(Automatic[State]):
    def run(self, state: State) -> Done[State]:
        fight = state.combat
        assert fight is not None
        lines: Lines = []
        for seat in fight.seats:
            if not state.players[seat].party and not state.players[seat].out:
                state = state.with_player(seat, out=True)
                lines.append(say("{name} has no cards left and is out.", name=state.names[seat]))
        fought = list(final(state).fought)
        for side, seat in enumerate(fight.seats):
            fought[seat] = fight.fought[side]
        state = replace(
            state,
            combat=None,
            last_battle=fight.log,
            final=replace(final(state), fought=tuple(fought)),
        )
        if not alive(state):
            # Both last parties fell together: the side whose ability did it wins (FAQ), else
            # a draw.
            if fight.wiped_by_ability >= 0:
                winners: tuple[int, ...] = (fight.seats[fight.wiped_by_ability],)
            else:
                winners = tuple(sorted(fight.seats))
            return _finish(state, winners, lines)
        return push(state, FinalTurn()), lines


@dataclass(frozen=True)
class FinalEnd(Automatic[State]):
    def run(self, state: State) -> Done[State]:
        return _finish(state, tuple(alive(state)), [])


def _finish(state: State, winners: tuple[int, ...], lines: Lines) -> Done[State]:
    names = listing([state.names[seat] for seat in winners])
    lines.append(
        say("{names} wins: the last standing in the final battle.", names=names)
        if len(winners) == 1
        else say(
            "{names} share the win (a draw): the last standing in the final battle.", names=names
        )
    )
    return replace(state, phase="over", winners=winners, agenda=()), lines
