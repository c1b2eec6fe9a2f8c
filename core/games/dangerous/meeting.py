"""The strategy meeting (rulebook §3): abilities, AP placement one at a time, items, Lv2 tokens."""

from __future__ import annotations

from functools import cache, partial
from itertools import repeat
from typing import Any

from core import chance
from core.agenda import Asking, Automatic, Done, Menu, Task, push
from core.chance import ChanceRequest
from core.decisions import Choice, Decision, Option, choose_one, choose_one_later
from core.frozen import replace
from core.games.dangerous import rolls
from core.games.dangerous.board import cell_of, space_label, token_spaces
from core.games.dangerous.cards import ability_name, card_label, card_name, with_timing
from core.games.dangerous.content import card, content
from core.games.dangerous.state import Meeting, State
from core.narration import Lines, Message, Text, say
from core.records import dataclass

_new = object.__new__
_set = object.__setattr__

AP_BASE = 3
AP_MAX = 6
ITEM_AP = 2  # every complete pair of AP on the item action is one roll
DONE = "done"


def meeting(state: State) -> Meeting:
    assert state.meeting is not None
    return state.meeting


# --- abilities before and after placement --------------------------------------------------------
#
# Before placement (<作戦会議開始前>, line 44): every such ability spends some of the AP its player
# could place this turn (line 111: 作戦会議フェイズで配置できるAPを消費して…; the card's `ap_cost`),
# for an effect in the game or an edge in the meeting. After placement (<作戦会議終了時>, line 55):
# only 立川トシオ, who moves AP already placed (line 112). Ruling R10.


def ap_cost(instance: str) -> int:
    """The AP a before-meeting ability spends (content requires at least 1)."""
    return card(instance).param("ap_cost")


USED = Message("already used")
NO_TOKEN_ROOM = Message("no Lv2 token can be placed now")
NO_AP_PLACED = Message("you have no AP placed to move")


def window_cards(state: State, seat: int, timing: str) -> tuple[str, ...]:
    """`seat`'s cards with abilities of `timing`, usable or not."""
    return with_timing(state.players[seat].party, timing)


def unusable(state: State, seat: int, instance: str, used: tuple[str, ...]) -> Text:
    """Why `seat` cannot use `instance`'s meeting ability now ("" if it can)."""
    if instance in used:
        return USED
    cost, left = ap_cost(instance), meeting(state).ap_left[seat]
    if cost > left:
        return Message("needs {cost} AP, you have {left}", cost=cost, left=left)
    effect = card(instance).effect
    if effect == "place_lv2_token" and (state.lv2_retired or not token_spaces(state)):
        return NO_TOKEN_ROOM
    if effect == "move_ap" and not any(meeting(state).count(a.id, seat) for a in content().actions):
        return NO_AP_PLACED
    return ""


@dataclass(frozen=True)
class MeetingAbilities(Menu[State]):
    """`seat` uses its abilities of `timing` (before placing AP, or once all are placed), each
    card once, until Done."""

    name = "meeting-ability"
    seat: int
    timing: str
    used: tuple[str, ...] = ()

    def chooser(self, state: State) -> int:
        return self.seat

    def prompt(self, state: State) -> Text:
        if self.timing == "meeting_start":
            left = meeting(state).ap_left[self.seat]
            return Message(
                "Use an ability before placing AP? It spends some of your {left} AP.", left=left
            )
        return Message("Use an ability now that all AP are placed?")

    def actions(self, state: State) -> tuple[Option, ...]:
        return tuple(
            [
                _ability_option(c, unusable(state, self.seat, c, self.used))
                for c in window_cards(state, self.seat, self.timing)
            ]
        )

    def again(self, action: Choice) -> MeetingAbilities:
        return replace(self, used=(*self.used, str(action)))

    def choose(self, state: State, action: Choice) -> Done[State]:
        instance, seat = str(action), self.seat
        found = content().card(instance)
        name = state.names[seat]
        cost = ap_cost(instance)
        lines: Lines = [
            say(
                "{name} uses {card}'s {ability}, spending {cost} AP.",
                name=name,
                card=card_name(instance),
                ability=found.ability,
                cost=cost,
            )
            if cost
            else say(
                "{name} uses {card}'s {ability}.",
                name=name,
                card=card_name(instance),
                ability=found.ability,
            )
        ]
        state = replace(state, meeting=meeting(state).plus("ap_left", seat, -cost))
        amount = found.param("amount", 1)
        if found.effect == "bank_ap":
            state = replace(state, meeting=meeting(state).plus("banked", seat, amount))
            lines.append(
                say(
                    "{name} will have {amount} more AP next turn (at most {most}).",
                    name=name,
                    amount=amount,
                    most=AP_MAX,
                )
            )
        elif found.effect == "extra_move":
            state = replace(state, meeting=meeting(state).plus("extra_move", seat, amount))
            lines.append(say("{name}'s movement is +{amount} this turn.", name=name, amount=amount))
        elif found.effect == "buy_item":
            state = push(state, ItemRoll(seat))
        elif found.effect == "place_lv2_token":
            state = push(state, TokenPlace(seat, 0))
        elif found.effect == "move_ap":
            state = push(state, ApMove(seat, amount))
        return state, lines


@cache
def _ability_option(instance: str, why: Text) -> Option:
    """A meeting ability on offer, unavailable when `why` says so (made once for each: every
    seat's meeting asks, before and after placing AP)."""
    label = (
        Message(
            "{card}: {ability} ({cost} AP)",
            card=card_label(instance),
            ability=ability_name(instance),
            cost=ap_cost(instance),
        )
        if ap_cost(instance)
        else Message("{card}: {ability}", card=card_label(instance), ability=ability_name(instance))
    )
    return Option(instance, label, card(instance).text, unavailable=why)


# --- AP placement ---------------------------------------------------------------------------------


@cache
def _full(cap: int, total: int) -> Text:
    """Why an action of `cap` AP at most (0: no limit) holding `total` takes no more ("" while
    it does); a handful of pairs, asked for every action at every AP placed."""
    if cap and total >= cap:
        return Message("full: {total} of {cap} AP placed", total=total, cap=cap)
    return ""


def has_room(current: Meeting, players: int) -> bool:
    """Whether some action still takes an AP."""
    return _room(current.placed, players)


def _room(placed: dict[str, tuple[int, ...]], players: int) -> bool:
    """Whether some action still takes an AP, with `placed` on them (by action, per seat)."""
    return any(_takes_more(placed, action, cap) for action, cap in _caps(players))


def _takes_more(placed: dict[str, tuple[int, ...]], action: str, cap: int) -> bool:
    """Whether `action`, of `cap` AP at most (0: no limit), takes another AP, with `placed` on
    the actions (by action, per seat): `_full`'s rule, without its words."""
    return not cap or sum(placed.get(action, ())) < cap


@cache
def _caps(players: int) -> tuple[tuple[str, int], ...]:
    """Each action's id and the most AP it holds in a game of `players` (0: no limit)."""
    return tuple((action.id, action.cap(players)) for action in content().actions)


@cache
def _action_title(action_id: str) -> Text:
    """An action's name, as narration says it (once for every AP placed)."""
    return content().action(action_id).title


@cache
def _action_ids() -> tuple[str, ...]:
    """Every action's id, in the meeting's order."""
    return tuple(action.id for action in content().actions)


@cache
def _cap_of(players: int) -> dict[str, int]:
    """`_caps` by action id."""
    return dict(_caps(players))


@dataclass(frozen=True)
class ApRound(Automatic[State]):
    """Start the placements: the first seat with AP left places one (`ApPlace`)."""

    def run(self, state: State) -> Done[State]:
        lines: Lines = []
        current = meeting(state)
        return next_placement(state, current.placed, current.ap_left, lines), lines


def next_placement(
    state: State,
    placed: dict[str, tuple[int, ...]],
    ap_left: tuple[int, ...],
    lines: Lines,
    room: bool | None = None,
) -> State:
    """`state` with the meeting's AP `placed` and `ap_left` as given, and the next seat with AP
    left (from the cursor, in turn order) asked to place one (`ApPlace`, which calls this again
    once it has); once every action is full, the AP still left are lost. Each placement is one
    entry, so the meeting and the agenda change together, in one copy of each. `room`: whether
    some action still takes an AP, when the caller knows (None: worked out here)."""
    current = meeting(state)
    order = current.order
    if room is None:
        room = _room(placed, len(state.players))
    for step in range(len(order)):
        index = (current.cursor + step) % len(order)
        seat = order[index]
        if ap_left[seat] == 0:
            continue
        if not room:
            ap = list(ap_left)
            ap[seat] = 0
            ap_left = tuple(ap)
            name = state.names[seat]
            lines.append(say("Every action is full: {name}'s remaining AP are lost.", name=name))
            continue
        cursor = (index + 1) % len(order)
        # core.frozen.replace written out for the meeting and the state (neither has a
        # __post_init__): once for every AP placed.
        placing = _new(Meeting)
        changes = {"placed": placed, "ap_left": ap_left, "cursor": cursor}
        _set(placing, "__dict__", {**current.__dict__, **changes})
        placed_state = _new(State)
        agenda = (_ap_place(seat), *state.agenda)
        _set(placed_state, "__dict__", {**state.__dict__, "meeting": placing, "agenda": agenda})
        return placed_state
    lines.append(say("Every AP is placed."))
    return replace(state, meeting=replace(current, placed=placed, ap_left=ap_left))


@dataclass(frozen=True)
class ApPlace(Asking[State]):
    """`seat` places one AP; the next placement follows (`next_placement`)."""

    seat: int

    def ask(self, state: State) -> Decision:
        current = meeting(state)
        players = len(state.names)
        placed = current.placed
        seat = self.seat
        # (the options are built when read: a logged placement is checked by `_Open`)
        return choose_one_later(
            seat,
            "ap",
            _place_prompt(current.ap_left[seat]),
            _Open(placed, _cap_of(players)),
            partial(_ap_options, placed, seat, players),
        )

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        current = meeting(state)
        action = str(answer)
        players = state.player_count
        counts = list(current.placed.get(action, (0,) * players))
        counts[self.seat] += 1
        ap = list(current.ap_left)
        ap[self.seat] -= 1
        placed = {**current.placed, action: tuple(counts)}
        # Room is left at least on this action while it is not full (else: look at them all).
        cap = _cap_of(players)[action]
        room = True if not cap or sum(counts) < cap else None
        lines = [
            say(
                "{name} puts 1 AP on {action}.",
                name=state.names[self.seat],
                action=_action_title(action),
            )
        ]
        return next_placement(state, placed, tuple(ap), lines, room), lines


def _ap_options(placed: dict[str, tuple[int, ...]], seat: int, players: int) -> tuple[Option, ...]:
    """Every action to put `seat`'s AP on, a full one too (unavailable, saying so): an option
    keeps its place while the other seats place their AP between this seat's placements."""
    # (map over the cached option makers: the loop runs in C)
    actions = _action_ids()
    return tuple(map(_ap_choice, actions, map(placed.get, actions), repeat(seat), repeat(players)))


class _Open:
    """The actions that still take an AP, as `_ap_options` makes them available: asked only
    whether the one logged answer is among them."""

    __slots__ = ("caps", "placed")

    def __init__(self, placed: dict[str, tuple[int, ...]], caps: dict[str, int]) -> None:
        self.placed, self.caps = placed, caps

    def __contains__(self, action: object) -> bool:
        cap = self.caps.get(action)  # type: ignore[call-overload]
        # (not an action: the options themselves say why not)
        return cap is not None and _takes_more(self.placed, action, cap)  # type: ignore[arg-type]


@cache
def _ap_move(source: str, target: str, cap: int, total: int) -> Option:
    """Moving one AP from the action `source` to `target`, which holds `total` of at most `cap`
    (made once for each: the options of a move are those of every action to every other)."""
    label = Message(
        "{source} -> {target}", source=_action_title(source), target=_action_title(target)
    )
    return Option(f"{source}>{target}", label, unavailable=_full(cap, total))


_LEAVE_AP = Option(DONE, Message("Leave them"))


@cache
def _ap_move_prompt(left: int) -> Text:
    return Message("Move one of your AP ({left} at most):", left=left)


_ap_place = cache(ApPlace)
"""`ApPlace(seat)`, made once for each seat (a task is immutable): one is queued for every AP."""


@cache
def _place_prompt(left: int) -> Text:
    return Message("Place one AP ({left} left).", left=left)


@cache
def _ap_choice(action_id: str, counts: tuple[int, ...] | None, seat: int, players: int) -> Option:
    """The option of putting `seat`'s AP on an action already holding `counts` (per seat; None:
    nothing yet), in a game of `players`."""
    cap = content().action(action_id).cap(players)
    total = sum(counts) if counts else 0
    mine = counts[seat] if counts else 0
    return _ap_option(action_id, mine, total, cap, _full(cap, total))


@cache
def _ap_option(action_id: str, mine: int, total: int, cap: int, full: Text) -> Option:
    """An action to put one AP on, with the AP already there, unavailable when `full` says why
    (a handful of combinations, asked for every AP placed)."""
    action = content().action(action_id)
    detail = (
        Message(
            "yours {mine}, all {total}/{cap}. {help}",
            mine=mine,
            total=total,
            cap=cap,
            help=action.words,
        )
        if cap
        else Message("yours {mine}, all {total}. {help}", mine=mine, total=total, help=action.words)
    )
    return Option(action.id, action.title, detail, unavailable=full)


@dataclass(frozen=True)
class ApMove(Asking[State]):
    """An ability moves up to `left` more of `seat`'s placed AP to other actions, one at a time
    (option ids 'source>target'; 'done' leaves the rest)."""

    seat: int
    left: int = 1

    def ask(self, state: State) -> Decision:
        current = meeting(state)
        caps = _cap_of(state.player_count)
        actions = _action_ids()
        options = [
            _ap_move(source, target, caps[target], current.total(target))
            for source in actions
            if current.count(source, self.seat)
            for target in actions
            if target != source
        ]
        options.append(_LEAVE_AP)
        return choose_one(self.seat, "ap-move", _ap_move_prompt(self.left), tuple(options))

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        if answer == DONE:
            return state, []
        if self.left > 1:
            state = push(state, ApMove(self.seat, self.left - 1))
        source, target = str(answer).split(">")
        current = meeting(state)
        placed = dict(current.placed)
        for action, delta in ((source, -1), (target, 1)):
            counts = list(placed.get(action, (0,) * state.player_count))
            counts[self.seat] += delta
            placed[action] = tuple(counts)
        state = replace(state, meeting=replace(current, placed=placed))
        names = {action.id: action.title for action in content().actions}
        name = state.names[self.seat]
        return state, [
            say(
                "{name} moves 1 AP from {source} to {target}.",
                name=name,
                source=names[source],
                target=names[target],
            )
        ]


# --- resolving the meeting ----------------------------------------------------------------------


@dataclass(frozen=True)
class MeetingResolve(Automatic[State]):
    def run(self, state: State) -> Done[State]:
        current = meeting(state)
        tasks: list[Task[State]] = []
        for seat in current.order:
            tasks += [ItemRoll(seat)] * (current.count("item", seat) // ITEM_AP)
        for seat in current.order:
            tasks += [Lv2Roll(seat)] * current.count("lv2", seat)
        tasks.append(MeetingFinish())
        return push(state, *tasks), []


@dataclass(frozen=True)
class ItemRoll(Asking[State]):
    """A roll on the item table: `bonus` is added to the die (a boss's reward roll)."""

    seat: int
    bonus: int = 0
    reward: bool = False

    def ask(self, state: State) -> ChanceRequest:
        name = state.names[self.seat]
        return chance.dice(
            1,
            rolls.reward_roll(name, self.bonus)
            if self.reward
            else rolls.of_player(rolls.ITEM_ROLL, name),
        )

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        face = int(answer[0])
        item = content().item_numbered(face + self.bonus)
        return gain_item(state, self.seat, item.id, face, self.bonus)


def gain_item(state: State, seat: int, item_id: str, face: int, bonus: int) -> Done[State]:
    item = content().items[item_id]
    name = state.names[seat]
    rolled = f"{face}" + (f" + {bonus}" if bonus else "")
    gained = item.title
    if item_id in state.players[seat].items:
        return state, [
            say(
                "{name} rolls {rolled}: {item}, already theirs.",
                name=name,
                rolled=rolled,
                item=gained,
            )
        ]
    holder = next((s for s, p in enumerate(state.players) if item_id in p.items), None)
    if holder is not None:
        state = state.with_player(
            holder, items=tuple(i for i in state.players[holder].items if i != item_id)
        )
    state = state.with_player(seat, items=(*state.players[seat].items, item_id))
    # Two whole sentences, not one with an English phrase as a value: a translation words each.
    if holder is None:
        return state, [say("{name} rolls {rolled}: {item}.", name=name, rolled=rolled, item=gained)]
    return state, [
        say(
            "{name} rolls {rolled}: {item}, taking it from {holder}.",
            name=name,
            rolled=rolled,
            item=gained,
            holder=state.names[holder],
        )
    ]


@dataclass(frozen=True)
class Lv2Roll(Asking[State]):
    seat: int

    def ask(self, state: State) -> ChanceRequest:
        return chance.dice(1, rolls.of_player(rolls.LV2_ROLL, state.names[self.seat]))

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        face = int(answer[0])
        name = state.names[self.seat]
        if state.lv2_retired:
            return state, [
                say("{name} rolls {face}, but the Lv2 deck is exhausted.", name=name, face=face)
            ]
        if not token_spaces(state, face):
            return state, [
                say("{name} rolls {face}: no free square with that number.", name=name, face=face)
            ]
        return push(state, TokenPlace(self.seat, face)), [
            say("{name} rolls {face} for a Lv2 token.", name=name, face=face)
        ]


@dataclass(frozen=True)
class TokenPlace(Asking[State]):
    """`seat` puts a Lv2 token on a free square numbered `number`, or moves one there when the
    supply is out (option ids 'old>new'). A Lv2 roll may place none (line 57: 設置できます);
    `number` 0 is 中二葬's placement on any free square, paid for in AP: it places one."""

    seat: int
    number: int

    def ask(self, state: State) -> Decision:
        spaces = token_spaces(state, self.number)
        options: list[Option] = []
        if state.token_supply > 0:
            options = [_token_put(space) for space in spaces]
        else:
            options = [_token_move(old, space) for old in state.tokens for space in spaces]
        if self.number:
            options.append(NO_TOKEN)
        prompt = (
            Message("Put a Lv2 token on a square numbered {number}.", number=self.number)
            if self.number
            else Message("Put a Lv2 token on any free square.")
        )
        return choose_one(self.seat, "token", prompt, tuple(options))

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        name = state.names[self.seat]
        if answer == DONE:
            return state, [say("{name} places no Lv2 token.", name=name)]
        if ">" in str(answer):
            old, new = str(answer).split(">")
            tokens = tuple(new if t == old else t for t in state.tokens)
            return replace(state, tokens=tokens), [
                say("{name} moves a Lv2 token to {space}.", name=name, space=space_label(new))
            ]
        space = str(answer)
        state = replace(state, tokens=(*state.tokens, space), token_supply=state.token_supply - 1)
        return state, [
            say("{name} puts a Lv2 token on {space}.", name=name, space=space_label(space))
        ]


NO_TOKEN = Option(DONE, Message("Don't place one"))


@cache
def _token_put(space: str) -> Option:
    label = Message("Put a token on {space}", space=space_label(space))
    return Option(space, label, at=cell_of(space))


@cache
def _token_move(old: str, space: str) -> Option:
    return Option(
        f"{old}>{space}",
        Message(
            "Move the token on {old} to {space}", old=space_label(old), space=space_label(space)
        ),
        at=cell_of(space),
        path=(cell_of(old), cell_of(space)),
    )


@dataclass(frozen=True)
class MeetingFinish(Automatic[State]):
    """Most AP on next-start-player wins it (ties: the farthest from the start player); AP on
    next-turn AP +1, and AP an ability banked, raise next turn's AP (at most 6)."""

    def run(self, state: State) -> Done[State]:
        current = meeting(state)
        lines: Lines = []
        best = max(current.count("next_start", seat) for seat in range(state.player_count))
        next_start = state.start
        if best > 0:
            contenders = [s for s in current.order if current.count("next_start", s) == best]
            next_start = contenders[-1]
            lines.append(say("{name} will be the next start player.", name=state.names[next_start]))
        players = tuple(
            replace(
                player,
                ap_next=min(
                    AP_MAX, AP_BASE + current.count("next_ap", seat) + current.banked[seat]
                ),
            )
            for seat, player in enumerate(state.players)
        )
        return replace(state, next_start=next_start, players=players), lines
