"""Light and Dark (seed 002): the rules as a pure state machine.

Turn order: boss HP from (players - 1) dice; the parent draws a hero card, the others role cards;
a discussion where each seat may claim a role; the parent gives up or picks a party; the reveal;
each party member's dice; the colour-based total against the boss HP; scoring. Rulings where the
seed is silent or wrong are in docs/rules/light-and-dark.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from core import chance
from core.chance import Outcome
from core.decisions import Choice, Decision, Option, choose_one, choose_several
from core.fastenum import members
from core.frozen import replace
from core.games.base import Applied, Result, Step, Viewer
from core.games.base import View as TableView
from core.games.light_and_dark import INFO
from core.games.light_and_dark.content import COLOUR_NAMES, Colour, Effect, Role, content
from core.games.light_and_dark.state import (
    SILENT,
    Phase,
    Roll,
    State,
    SuddenDeath,
    TurnRecord,
)
from core.games.light_and_dark.view import build_view
from core.i18n import N_
from core.narration import (
    LIST_SEPARATOR,
    Joined,
    Lines,
    Message,
    Narration,
    Text,
    Worded,
    listing,
    say,
)

GIVE_UP = "give-up"
FORM_PARTY = "party"
REROLL = "reroll"
KEEP = "keep"
DRAW = "draw"

if not TYPE_CHECKING:  # every entry reads phases a dozen times: plain attributes, see fastenum
    Phase, Effect = members(Phase), members(Effect)


@cache
def role(role_id: str) -> Role:
    """The card `role_id` (one cached call: a few an entry)."""
    return content().roles[role_id]


class LightAndDark:
    id, title, options = INFO.id, INFO.title, INFO.options
    min_players, max_players = INFO.min_players, INFO.max_players
    # Version 2: sudden death is one volley (line 183); version 1 repeated it among several
    # survivors, which the house-rule option `repeat_volleys` still plays.
    rules_version = 2
    older_rules: Mapping[int, Mapping[str, Any]] = {1: {"repeat_volleys": True}}
    score_name = N_("points")

    # --- setting up --------------------------------------------------------------------------

    def initial_state(self, names: tuple[str, ...], options: dict[str, Any]) -> State:
        players = len(names)
        return State(
            names=names,
            keep_cards=bool(options.get("keep_cards", False)),
            repeat_volleys=bool(options.get("repeat_volleys", False)),
            phase=Phase.SHUFFLE_ROLES,
            scores=(0,) * players,
            hands=(None,) * players,
            public=(False,) * players,
            kept=(False,) * players,
            claims=(None,) * players,
        )

    def __init__(self) -> None:
        # The step `pending` last gave, for the view that asks again for the same state (states
        # are immutable, so the same state object always has the same step).
        self._last: tuple[State, Step] | None = None

    # --- what happens next -------------------------------------------------------------------

    def pending(self, state: State) -> Step:
        last = self._last
        if last is not None and last[0] is state:
            return last[1]
        step = self._pending(state)
        self._last = (state, step)
        return step

    def _pending(self, state: State) -> Step:
        # The phases in the order of how often a game meets them (claims: most entries).
        phase = state.phase
        if phase is Phase.CLAIMS:
            seat = state.queue[0]
            return _claim_step(seat, seat == state.parent)
        if phase is Phase.ROLL:
            seat = state.party[len(state.rolls)]
            return _roll_step(state.names[seat], _hand(state, seat))
        if phase is Phase.HERO_DRAW:
            return _hero_step(state.hero_deck)
        if phase is Phase.VERDICT:
            return _verdict_step(state.parent)
        if phase is Phase.BOSS_HP:
            return _boss_step(state.players)
        if phase is Phase.PARTY:
            return Step(decisions=(_party_decision(state),))
        if phase is Phase.REROLL:
            current = state.rolls[-1]
            return _reroll_step(current.seat, current.dice[0])
        if phase is Phase.CHOOSE:
            current = state.rolls[-1]
            return _choose_step(current.seat, current.dice)
        if phase is Phase.REROLL_ROLL:
            return _reroll_roll_step(state.names[state.rolls[-1].seat])
        if phase is Phase.SHUFFLE_ROLES:
            return _shuffle_step()
        if phase is Phase.FIRST_PARENT:
            return _first_parent_step(state.players)
        if phase is Phase.KEEP:
            return Step(decisions=(_keep_decision(state),))
        if phase is Phase.OVER:
            return _OVER
        return Step(chance=_sudden_request(state))

    # --- decisions ---------------------------------------------------------------------------

    def apply_decision(self, state: State, seat: int, choice: Choice) -> Applied[State]:
        name = state.names[seat]
        phase = state.phase
        if phase is Phase.CLAIMS:  # most decisions are claims
            assert isinstance(choice, str)
            claims = _put(state.claims, seat, choice)
            queue = state.queue[1:]
            if queue:
                nxt = replace(state, claims=claims, queue=queue)
            else:
                nxt = replace(state, claims=claims, queue=queue, phase=Phase.VERDICT)
            line = (
                say("{name} stays silent.", name=name)
                if choice == SILENT
                else say("{name} claims to be the {role}.", name=name, role=role(choice).label)
            )
            return Applied(nxt, (line,))
        if phase is Phase.KEEP:
            return self._keep(state, seat, choice == KEEP)
        if phase is Phase.VERDICT:
            if choice == FORM_PARTY:
                return Applied(
                    replace(state, phase=Phase.PARTY),
                    (say("{name} will choose a party.", name=name),),
                )
            return self._give_up(state)
        if phase is Phase.PARTY:
            assert isinstance(choice, tuple)
            return self._form_party(state, tuple(map(int, choice)))
        current = state.rolls[-1]
        if phase is Phase.REROLL:
            if choice == REROLL:
                return Applied(
                    replace(state, phase=Phase.REROLL_ROLL),
                    (say("{name} rolls the {die} again.", name=name, die=current.dice[0]),),
                )
            kept = current.dice[0]
            said = Message("{name} keeps the {die}.", name=name, die=kept)
            return self._settle_roll(state, kept, said)
        assert isinstance(choice, int)
        return self._settle_roll(
            state, choice, Message("{name} keeps the {die}.", name=name, die=choice)
        )

    def _keep(self, state: State, seat: int, keep: bool) -> Applied[State]:
        name = state.names[seat]
        card = _hand(state, seat)
        queue = state.queue[1:]
        if keep:
            nxt = replace(state, queue=queue)
            line = say(
                "{name} keeps the {label} from last turn.", name=name, label=role(card).label
            )
        else:
            nxt = replace(
                state,
                queue=queue,
                hands=_put(state.hands, seat, None),
                public=_put(state.public, seat, False),
                kept=_put(state.kept, seat, False),
                discard=(*state.discard, card),
            )
            line = say(
                "{name} discards the kept {label} to draw a new card.",
                name=name,
                label=role(card).label,
            )
        if queue:
            return Applied(nxt, (line,))
        dealt, deal_line = _deal(nxt, nxt.hands, nxt.hero_deck)
        return Applied(dealt, (line, deal_line))

    def _give_up(self, state: State) -> Applied[State]:
        parent = state.parent
        scores = _put(state.scores, parent, state.scores[parent] - 1)
        deltas = _put((0,) * state.players, parent, -1)
        record = _record(state, party=(), rolls=(), total=None, won=None, deltas=deltas)
        lines = [
            say("{name} gives up the fight and loses 1 point.", name=state.names[parent]),
            say(_reveal_text(state)),
        ]
        revealed = replace(state, scores=scores, public=(True,) * state.players)
        ended, end_lines = _end_turn(revealed, record, party_formed=False)
        return Applied(ended, tuple(lines + end_lines), reveals=True)

    def _form_party(self, state: State, companions: tuple[int, ...]) -> Applied[State]:
        parent = state.parent
        chosen = {parent, *companions}
        party = tuple(seat for seat in state.clockwise_from(parent) if seat in chosen)
        left_out = tuple(seat for seat in range(state.players) if seat not in party)
        scores = tuple(
            score - 1 if seat in left_out else score for seat, score in enumerate(state.scores)
        )
        members = Joined(tuple(state.names[seat] for seat in party), LIST_SEPARATOR)
        lines = [
            say("{name} takes the party: {members}.", name=state.names[parent], members=members)
        ]
        if left_out:
            names = listing(state.names[seat] for seat in left_out)
            if len(left_out) == 1:
                lines.append(say("Left out, {names} loses 1 point.", names=names))
            else:
                lines.append(say("Left out, {names} lose 1 point.", names=names))
        boss = content().boss_facing(_hand(state, parent))
        lines.append(say(_reveal_text(state)))
        lines.append(
            say(
                "The boss is the {label}, with {boss_hp} HP.",
                label=boss.label,
                boss_hp=state.boss_hp,
            )
        )
        nxt = replace(
            state,
            phase=Phase.ROLL,
            party=party,
            rolls=(),
            scores=scores,
            public=(True,) * state.players,
        )
        return Applied(nxt, tuple(lines), reveals=True)

    def _settle_roll(self, state: State, value: int, text: Message) -> Applied[State]:
        current = replace(state.rolls[-1], value=value)
        return _next_roller(state, (*state.rolls[:-1], current), [say(text)])

    # --- chance ------------------------------------------------------------------------------

    def apply_chance(self, state: State, outcome: Outcome) -> Applied[State]:
        phase = state.phase
        if phase is Phase.ROLL:  # the most frequent chance: a party member's dice
            return _roll(state, tuple(map(int, outcome)))
        if phase is Phase.SHUFFLE_ROLES:
            deck = tuple(map(str, outcome))
            nxt = replace(state, role_deck=deck, phase=Phase.FIRST_PARENT)
            return Applied(
                nxt, (say("The {count} role cards are shuffled into a deck.", count=len(deck)),)
            )
        if phase is Phase.FIRST_PARENT:
            parent = int(outcome[0])
            first = replace(state, parent=parent)
            begun, lines = _begin_turn(first)
            return Applied(
                begun, (say("{name} is the first parent.", name=state.names[parent]), *lines)
            )
        if phase is Phase.BOSS_HP:
            faces = tuple(map(int, outcome))
            nxt = replace(state, boss_dice=faces, phase=Phase.HERO_DRAW)
            line = say(
                "{name} rolls the boss's HP: {total}.",
                name=state.names[state.parent],
                total=_sum_text(faces),
            )
            return Applied(nxt, (line,))
        if phase is Phase.HERO_DRAW:
            return _hero_draw(state, tuple(map(str, outcome)))
        if phase is Phase.REROLL_ROLL:
            current = state.rolls[-1]
            face = int(outcome[0])
            rolled = replace(current, reroll=face, value=face)
            return _next_roller(
                state,
                (*state.rolls[:-1], rolled),
                [say("{name} rerolls: {face}.", name=state.names[current.seat], face=face)],
            )
        return _sudden_chance(state, tuple(map(int, outcome)))

    # --- views -------------------------------------------------------------------------------

    def view(self, state: State, viewer: Viewer) -> TableView:
        return build_view(state, viewer, self.pending(state), turn_limit(state))

    def result(self, state: State) -> Result | None:
        if state.phase is not Phase.OVER:
            return None
        winners = listing(state.names[seat] for seat in state.winners)
        scores = _pairs(zip(state.names, state.scores))
        if len(state.winners) == 1:
            summary = Message("{winners} wins ({scores}).", winners=winners, scores=scores)
        else:
            summary = Message("{winners} win ({scores}).", winners=winners, scores=scores)
        return Result(state.scores, state.winners, summary)


# --- the turn --------------------------------------------------------------------------------


def _begin_turn(state: State) -> tuple[State, Lines]:
    """Start the next turn, or end the game if everyone has been parent or the deck is short."""
    lines: Lines = []
    parent = state.parent
    if state.kept[parent]:
        card = _hand(state, parent)
        state = replace(
            state,
            hands=_put(state.hands, parent, None),
            public=_put(state.public, parent, False),
            kept=_put(state.kept, parent, False),
            discard=(*state.discard, card),
        )
        lines.append(
            say(
                "{name} becomes parent and discards the kept {label}.",
                name=state.names[parent],
                label=role(card).label,
            )
        )
    if state.turns_played >= state.players:
        lines.append(say("Everyone has been parent: the game ends."))
        return _finish(state, lines)
    kept = state.kept  # every seat but the parent that kept no card draws one
    must_draw = state.players - 1 - kept.count(True) + kept[parent]
    if deck_ends_game(len(state.role_deck), must_draw):
        lines.append(
            say(
                "The role deck has {count} cards, too few for everyone: the game ends.",
                count=len(state.role_deck),
            )
        )
        return _finish(state, lines)
    nxt = replace(
        state,
        phase=Phase.BOSS_HP,
        claims=(None,) * state.players,
        party=(),
        rolls=(),
        boss_dice=(),
    )
    lines.append(
        say(
            "Turn {turn}: {name} is the parent.",
            turn=state.turns_played + 1,
            name=state.names[parent],
        )
    )
    return nxt, lines


def deck_ends_game(cards: int, must_draw: int) -> bool:
    """Line 181 (R12): at the start of a turn, a role deck of fewer cards than the players who
    must draw one ends the game; exactly as many is enough for one more turn."""
    return cards < must_draw


def turn_limit(state: State) -> tuple[int, bool]:
    """The last turn the game can reach, and whether it surely reaches it (R12).

    Everyone is parent once at most; and the role deck must last. Without the keep-card variant
    every turn deals a card to each player but the parent, so the limit is exact (two turns at
    6 players). In the variant a turn deals at least one card (the last parent holds none) and
    may deal no more, so the limit is an upper bound: the deck may end the game sooner.
    """
    if state.sudden is not None or state.phase is Phase.OVER:
        return state.turns_played, True
    turn = state.turns_played + 1
    cards = len(state.role_deck)
    if state.phase in (Phase.BOSS_HP, Phase.HERO_DRAW, Phase.KEEP):  # this turn's deal is due
        cards -= sum(
            1 for seat in range(state.players) if seat != state.parent and state.hands[seat] is None
        )
    per_turn = 1 if state.keep_cards else state.players - 1
    later = 0
    while not deck_ends_game(cards, per_turn) and turn + later < state.players:
        cards -= per_turn
        later += 1
    return turn + later, not state.keep_cards


def _hero_draw(state: State, order: tuple[str, ...]) -> Applied[State]:
    parent = state.parent
    card = order[0]
    hands = _put(state.hands, parent, card)
    name = state.names[parent]
    line = Narration(
        Message("{name} draws a hero card.", name=name),
        secret=((parent, Message("You draw the {role}.", role=role(card).sided)),),
        full=Message("{name} draws the {role}.", name=name, role=role(card).label),
    )
    if True in state.kept:  # only in the keep-card variant
        keepers = tuple(
            seat
            for seat in state.clockwise_from(state.left_of(parent))
            if seat != parent and state.kept[seat]
        )
        if keepers:
            nxt = replace(state, hero_deck=order[1:], hands=hands, phase=Phase.KEEP, queue=keepers)
            return Applied(nxt, (line,))
    dealt, deal_line = _deal(state, hands, order[1:])
    return Applied(dealt, (line, deal_line))


def _deal(
    state: State, held: tuple[str | None, ...], hero_deck: tuple[str, ...]
) -> tuple[State, Narration]:
    """Everyone but the parent without a card in `held` (the hands now) draws one from the role
    deck; claims begin. `hero_deck` is the hero deck now (the state is copied once for both)."""
    parent = state.parent
    order = state.clockwise_from(state.left_of(parent))  # the parent comes last
    drawers = [seat for seat in order if held[seat] is None and seat != parent]
    deck = state.role_deck
    hands = list(held)
    for index, seat in enumerate(drawers):
        hands[seat] = deck[index]
    nxt = replace(
        state,
        role_deck=deck[len(drawers) :],
        hands=tuple(hands),
        hero_deck=hero_deck,
        kept=(False,) * state.players,
        phase=Phase.CLAIMS,
        queue=order,
    )
    names = state.names
    who = listing([names[seat] for seat in drawers])
    if not drawers:
        public = Message("Nobody draws a role card.")
    elif len(drawers) == 1:
        public = Message("{who} draws a role card.", who=who)
    else:
        public = Message("{who} draw role cards.", who=who)
    secret = []
    draws = []
    for seat in drawers:
        card = role(hands[seat])
        secret.append(
            (seat, Message("{public} You draw the {role}.", public=public, role=card.sided))
        )
        draws.append(Message("{name} draws the {role}", name=names[seat], role=card.label))
    full = Message("{draws}.", draws=Joined(tuple(draws), Message("; "))) if drawers else public
    return nxt, Narration(public, secret=tuple(secret), full=full)


def _roll(state: State, faces: tuple[int, ...]) -> Applied[State]:
    seat = state.party[len(state.rolls)]
    held = role(_hand(state, seat))
    name = state.names[seat]
    shown = _dice_text(faces)
    effect = held.effect
    if effect is Effect.REROLL or (effect is Effect.CHOOSE and faces[0] != faces[-1]):
        rolls = say("{name} ({role}) rolls {shown}.", name=name, role=held.label, shown=shown)
        phase = Phase.REROLL if effect is Effect.REROLL else Phase.CHOOSE
        rolled = (*state.rolls, Roll(seat, held.id, faces))
        return Applied(replace(state, rolls=rolled, phase=phase), (rolls,))
    value = _dice_value(held, faces)
    if len(faces) > 1:
        line = say(
            "{name} ({role}) rolls {shown}: {value}.",
            name=name,
            role=held.label,
            shown=shown,
            value=value,
        )
    else:
        line = say("{name} ({role}) rolls {shown}.", name=name, role=held.label, shown=shown)
    return _next_roller(state, (*state.rolls, Roll(seat, held.id, faces, None, value)), [line])


def _dice_value(held: Role, faces: tuple[int, ...]) -> int:
    if held.effect is Effect.GAMBLER:
        return sum(face if face % 2 == 0 else -face for face in faces)
    if held.effect is Effect.CHOOSE:
        return faces[0]
    return sum(faces)


def _next_roller(state: State, rolls: tuple[Roll, ...], lines: Lines) -> Applied[State]:
    """`state` with the battle's `rolls` so far: the next party member rolls, or the battle
    ends."""
    if len(rolls) < len(state.party):
        return Applied(replace(state, rolls=rolls, phase=Phase.ROLL), tuple(lines))
    return _battle_result(replace(state, rolls=rolls), lines)


def _battle_result(state: State, lines: Lines) -> Applied[State]:
    parent_colour = colour_of(_hand(state, state.parent))
    terms = [(roll, 1 if role(roll.role).colour is parent_colour else -1) for roll in state.rolls]
    total = sum(sign * (roll.value or 0) for roll, sign in terms)
    won = total >= state.boss_hp
    size = len(state.party)
    points, remainder = divmod(state.boss_hp, size)
    deltas = [0] * state.players
    for roll, sign in terms:
        same_side = sign == 1
        gains = same_side == won
        delta = points if gains else -points
        if roll.seat == state.parent and remainder:
            # The extra point follows the parent's direction, also when the share is 0.
            delta += 1 if gains else -1
        deltas[roll.seat] = delta
    scores = tuple(score + delta for score, delta in zip(state.scores, deltas))
    formula = _formula(terms)
    hp = state.boss_hp
    if won:
        verdict = say(
            "Total {formula} = {total} against {boss_hp} HP: the party wins.",
            formula=formula,
            total=total,
            boss_hp=hp,
        )
    else:
        verdict = say(
            "Total {formula} = {total} against {boss_hp} HP: the party loses.",
            formula=formula,
            total=total,
            boss_hp=hp,
        )
    shares = _pairs((state.names[r.seat], f"{deltas[r.seat]:+d}") for r, _ in terms)
    if remainder:
        share = say(
            "{hp} HP / {size} = {points} points each (the parent takes the remainder): {changes}.",
            hp=hp,
            size=size,
            points=points,
            changes=shares,
        )
    else:
        share = say(
            "{hp} HP / {size} = {points} points each: {changes}.",
            hp=hp,
            size=size,
            points=points,
            changes=shares,
        )
    result_lines = [verdict, share]
    # The record holds each seat's whole change this turn: the left out lost 1 at the party.
    changes = tuple(
        delta if seat in state.party else delta - 1 for seat, delta in enumerate(deltas)
    )
    record = _record(state, state.party, state.rolls, total, won, changes)
    nxt = replace(state, scores=scores)
    ended, end_lines = _end_turn(nxt, record, party_formed=True)
    return Applied(ended, tuple(lines + result_lines + end_lines), decides=True)


def _end_turn(state: State, record: TurnRecord, party_formed: bool) -> tuple[State, Lines]:
    """Cards go to the discard pile (or are kept, in the variant); the parent passes left."""
    hands = list(state.hands)
    kept = [False] * state.players
    discard = list(state.discard)
    for seat in range(state.players):
        card = hands[seat]
        if card is None or seat == state.parent:
            continue
        if state.keep_cards and party_formed and seat not in state.party:
            kept[seat] = True
            continue
        discard.append(card)
        hands[seat] = None
    hands[state.parent] = None
    nxt = replace(
        state,
        hands=tuple(hands),
        kept=tuple(kept),
        public=tuple(kept),
        discard=tuple(discard),
        hero_deck=content().deck("hero"),
        history=(*state.history, record),
        turns_played=state.turns_played + 1,
        parent=state.left_of(state.parent),
    )
    return _begin_turn(nxt)


def _record(
    state: State,
    party: tuple[int, ...],
    rolls: tuple[Roll, ...],
    total: int | None,
    won: bool | None,
    deltas: tuple[int, ...],
) -> TurnRecord:
    roles = tuple(card or "" for card in state.hands)
    return TurnRecord(
        state.turns_played + 1,
        state.parent,
        state.boss_hp,
        roles,
        party,
        rolls,
        total,
        won,
        deltas,
        state.claims,
    )


# --- the end and sudden death ----------------------------------------------------------------


def _finish(state: State, lines: Lines) -> tuple[State, Lines]:
    best = max(state.scores)
    leaders = tuple(seat for seat, score in enumerate(state.scores) if score == best)
    if len(leaders) == 1:
        return _won(state, leaders, lines)
    names = listing(state.names[seat] for seat in leaders)
    lines.append(say("{names} are tied on {best}: sudden death.", names=names, best=best))
    sudden = SuddenDeath(seats=leaders)
    return replace(state, phase=Phase.SUDDEN_HP, sudden=sudden, queue=()), lines


def _won(state: State, winners: tuple[int, ...], lines: Lines) -> tuple[State, Lines]:
    names = listing(state.names[seat] for seat in winners)
    if len(winners) == 1:
        lines.append(say("{names} wins the game.", names=names))
    else:
        lines.append(say("{names} win the game.", names=names))
    return replace(state, phase=Phase.OVER, winners=winners), lines


def _sudden_request(state: State) -> chance.ChanceRequest:
    sudden = state.sudden
    assert sudden is not None
    if state.phase is Phase.SUDDEN_HP:
        seat = sudden.seats[len(sudden.hp)]
        return chance.dice(2, _sudden_hp_label(state.names[seat]))
    if state.phase is Phase.SUDDEN_VOLLEY:
        return chance.dice(len(sudden.alive), _VOLLEY)
    return chance.dice(len(sudden.rolloff), _ROLLOFF)


# What each roll is for, as a damaged save's error names it (in the reader's language): made
# once, not at every roll.
_VOLLEY = Message("the sudden-death volley")
_ROLLOFF = Message("the sudden-death roll-off")


@lru_cache(maxsize=64)
def _sudden_hp_label(name: str) -> Message:
    return Message("{name}'s sudden-death HP", name=name)


def _sudden_chance(state: State, faces: tuple[int, ...]) -> Applied[State]:
    sudden = state.sudden
    assert sudden is not None
    names = state.names
    if state.phase is Phase.SUDDEN_HP:
        seat = sudden.seats[len(sudden.hp)]
        hp = (*sudden.hp, sum(faces))
        line = say(
            "{name} rolls {total} HP for sudden death.", name=names[seat], total=_sum_text(faces)
        )
        if len(hp) < len(sudden.seats):
            return Applied(replace(state, sudden=replace(sudden, hp=hp)), (line,))
        ready = replace(sudden, hp=hp, alive=sudden.seats)
        return Applied(replace(state, sudden=ready, phase=Phase.SUDDEN_VOLLEY), (line,))
    if state.phase is Phase.SUDDEN_VOLLEY:
        return _volley(state, sudden, faces)
    best = max(faces)
    top = tuple(seat for seat, face in zip(sudden.rolloff, faces) if face == best)
    shown = _pairs((names[seat], face) for seat, face in zip(sudden.rolloff, faces))
    line = say("Roll-off: {shown}.", shown=shown)
    if len(top) == 1:
        won, lines = _won(state, top, [line])
        return Applied(won, tuple(lines))
    return Applied(replace(state, sudden=replace(sudden, rolloff=top)), (line,))


def _volley(state: State, sudden: SuddenDeath, faces: tuple[int, ...]) -> Applied[State]:
    """One volley (line 183): each loses the sum of the others' dice. A lone survivor wins;
    several survivors roll off (R13), or volley again under the house rule `repeat_volleys`;
    if nobody survives, the closest to 0 wins, a tie among them rolling off."""
    names = state.names
    rolled = dict(zip(sudden.alive, faces))
    total = sum(faces)
    hp = tuple(
        value - (total - rolled[seat]) if seat in rolled else value
        for seat, value in zip(sudden.seats, sudden.hp)
    )
    after = replace(sudden, hp=hp, last_volley=faces)
    shown = _pairs((names[seat], rolled[seat]) for seat in sudden.alive)
    left = _pairs((names[seat], after.hp_of(seat)) for seat in sudden.alive)
    lines: Lines = [say("Volley: {shown}. HP now {left}.", shown=shown, left=left)]
    survivors = tuple(seat for seat in sudden.alive if after.hp_of(seat) > 0)
    if len(survivors) == 1:
        won, won_lines = _won(replace(state, sudden=after), survivors, lines)
        return Applied(won, tuple(won_lines))
    if survivors and state.repeat_volleys:
        lines.append(say("More than one survives: another volley (house rule)."))
        return Applied(replace(state, sudden=replace(after, alive=survivors)), tuple(lines))
    if survivors:
        who = listing(names[seat] for seat in survivors)
        lines.append(say("{who} survive: a one-die roll-off between them.", who=who))
        return _roll_off(state, after, survivors, lines)
    closest = max(after.hp_of(seat) for seat in sudden.alive)
    nearest = tuple(seat for seat in sudden.alive if after.hp_of(seat) == closest)
    if len(nearest) == 1:
        lines.append(say("Nobody survives; the one closest to 0 wins."))
        won, won_lines = _won(replace(state, sudden=after), nearest, lines)
        return Applied(won, tuple(won_lines))
    lines.append(say("Nobody survives and the closest to 0 are tied: a one-die roll-off."))
    return _roll_off(state, after, nearest, lines)


def _roll_off(
    state: State, sudden: SuddenDeath, seats: tuple[int, ...], lines: Lines
) -> Applied[State]:
    rolloff = replace(sudden, alive=(), rolloff=seats)
    return Applied(replace(state, sudden=rolloff, phase=Phase.SUDDEN_ROLLOFF), tuple(lines))


# --- what comes next, made once ---------------------------------------------------------------
# A step depends only on the few values each maker takes, and steps are immutable: each is made
# once and handed out again (a bot-only game asks for a few thousand).

_OVER = Step()
_STEPS = 512
"""How many steps of a kind are kept: names come from the table, so the keys are unbounded."""


@cache
def _shuffle_step() -> Step:
    return Step(chance=chance.shuffle(content().deck("role"), Message("the role deck")))


@cache
def _first_parent_step(players: int) -> Step:
    return Step(chance=chance.pick(tuple(range(players)), Message("the first parent")))


@cache
def _boss_step(players: int) -> Step:
    return Step(chance=chance.dice(players - 1, Message("the boss's HP")))


@lru_cache(maxsize=_STEPS)
def _hero_step(hero_deck: tuple[str, ...]) -> Step:
    return Step(chance=chance.shuffle(hero_deck, _HERO_DECK))


_HERO_DECK = Message("the hero deck")


@lru_cache(maxsize=_STEPS)
def _roll_step(name: str, card: str) -> Step:
    held = role(card)
    # The role in the reader's language alone ('Aki's Devil roll'), as the English always was.
    label = Message("{name}'s {role} roll", name=name, role=Worded(held.name, held.english))
    return Step(chance=chance.dice(held.dice, label))


@lru_cache(maxsize=_STEPS)
def _reroll_roll_step(name: str) -> Step:
    return Step(chance=chance.dice(1, Message("{name}'s reroll", name=name)))


@cache
def _claim_step(seat: int, parent: bool) -> Step:
    return Step(decisions=(_claim_question(seat, "hero" if parent else "role"),))


@cache
def _verdict_step(parent: int) -> Step:
    return Step(decisions=(_verdict_question(parent),))


@lru_cache(maxsize=_STEPS)
def _reroll_step(seat: int, die: int) -> Step:
    question = choose_one(
        seat,
        "reroll",
        Message("You rolled {die}. Roll again? The second roll stands.", die=die),
        (
            Option(KEEP, Message("Keep {die}", die=die)),
            Option(REROLL, Message("Roll again")),
        ),
    )
    return Step(decisions=(question,))


@lru_cache(maxsize=_STEPS)
def _choose_step(seat: int, dice: tuple[int, ...]) -> Step:
    faces = sorted(set(dice), reverse=True)
    question = choose_one(
        seat,
        "choose",
        Message("You rolled {dice}. Which die counts?", dice=_dice_text(dice)),
        tuple(Option(face, str(face)) for face in faces),
    )
    return Step(decisions=(question,))


# --- decisions -------------------------------------------------------------------------------


DECK_TOO_SHORT = Message("the role deck has no card left for you (those who must draw come first)")


def _keep_decision(state: State) -> Any:
    seat = state.queue[0]
    card = role(_hand(state, seat))
    must_draw = sum(
        1 for other in range(state.players) if other != state.parent and state.hands[other] is None
    )
    keep = Option(
        KEEP, Message("Keep the {card}", card=card.label), Message("Play it again this turn.")
    )
    short: Text = "" if len(state.role_deck) > must_draw else DECK_TOO_SHORT
    detail = Message("The kept card goes to the discard pile.")
    draw = Option(DRAW, Message("Draw a new card"), detail, unavailable=short)
    return choose_one(
        seat,
        "keep",
        Message(
            "You kept the {card} from last turn. Keep it, or draw a new card?", card=card.label
        ),
        (keep, draw),
        help=Message(
            "Keep-card variant: a card kept from last turn can be played again or swapped."
        ),
    )


@cache
def _claim_question(seat: int, deck: str) -> Decision:
    """The claim decision of `seat` holding a card of `deck`: it never changes."""
    roles = [card for card in content().roles.values() if card.deck == deck]
    options = [Option(SILENT, Message("Stay silent"))] + [
        Option(card.id, Message("Claim {card}", card=card.label), COLOUR_NAMES[card.colour])
        for card in roles
    ]
    return choose_one(
        seat,
        "claim",
        Message("Tell the table your role (you may lie), or stay silent."),
        tuple(options),
        help=Message("Claims are public. Only the parent's party can score, so make your case."),
    )


@cache
def _verdict_question(parent: int) -> Decision:
    """The parent's verdict: it never changes."""
    return choose_one(
        parent,
        "verdict",
        Message("Take a party to fight the boss, or give up this turn?"),
        (
            Option(
                FORM_PARTY,
                Message("Choose a party"),
                Message("Everyone you leave out loses 1 point."),
            ),
            Option(
                GIVE_UP,
                Message("Give up"),
                Message("You alone lose 1 point; all cards are revealed."),
            ),
        ),
        help=Message("After the discussion the parent decides whether to fight at all."),
    )


def _party_decision(state: State) -> Any:
    others = tuple(
        seat for seat in state.clockwise_from(state.left_of(state.parent)) if seat != state.parent
    )
    options = tuple(
        Option(seat, state.names[seat], _claim_label(state.claims[seat])) for seat in others
    )
    return choose_several(
        state.parent,
        "party",
        Message("Choose your companions; you are always in the party."),
        options,
        min_count=0,
        max_count=len(others),
        help=Message(
            "Everyone you leave out loses 1 point. Points won or lost are HP / party size."
        ),
    )


# --- small helpers ---------------------------------------------------------------------------


def colour_of(role_id: str) -> Colour:
    return role(role_id).colour


def _hand(state: State, seat: int) -> str:
    card = state.hands[seat]
    assert card is not None, f"seat {seat} holds no card"
    return card


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _claim_label(claim: str | None) -> Message:
    if claim is None or claim == SILENT:
        return Message("silent")
    return Message("claims {role}", role=role(claim).label)


def _reveal_text(state: State) -> Message:
    shown = _pairs((name, role(card).label) for name, card in zip(state.names, state.hands) if card)
    return Message("Everyone reveals: {shown}.", shown=shown)


def _pairs(pairs: Iterable[tuple[str, object]]) -> Joined:
    """'Aki 3, Bea -1': each name with its number or card, in the reader's language."""
    return Joined(
        tuple(Message("{name} {value}", name=name, value=value) for name, value in pairs),
        LIST_SEPARATOR,
    )


def _dice_text(faces: tuple[int, ...]) -> Text:
    """'3', or '3 and 4' (a role's two dice)."""
    return listing(str(face) for face in faces)


def _sum_text(faces: tuple[int, ...]) -> str:
    if len(faces) == 1:
        return str(faces[0])
    return f"{' + '.join(map(str, faces))} = {sum(faces)}"


def _formula(terms: list[tuple[Roll, int]]) -> str:
    parts: list[str] = []
    for roll, sign in terms:
        value = roll.value or 0
        shown = f"({value})" if value < 0 else str(value)
        if not parts:
            parts.append(shown if sign > 0 else f"-{shown}")
        else:
            parts.append(f"{'+' if sign > 0 else '-'} {shown}")
    return " ".join(parts)
