"""What one seat may see of a Dangerous game.

Public: the map, pieces, tokens, every party in exploration, discard piles, items, boss tokens,
the top card of the face-up Lv1 and Lv2 decks, AP placements, battles. Hidden: the order of the
decks below the top card, face-down boss cards until they are fought, another player's draft
packet, and another player's final party until the reveal. The public (a spectator) sees what a
seat sees, less its own packet and party.
"""

from __future__ import annotations

from core.agenda import pending_gather
from core.games.base import SeatSummary, Step, View, Viewer, seat_of, sees_secrets_of
from core.games.dangerous.content import content
from core.games.dangerous.final import ready, secret_party
from core.games.dangerous.outcome import parts
from core.games.dangerous.setup import DraftPick
from core.games.dangerous.state import State
from core.games.dangerous.tally import Parts
from core.narration import Message, Text
from core.records import dataclass


@dataclass(frozen=True)
class PlayerView:
    name: str
    space: str
    party: tuple[str, ...]
    discard: tuple[str, ...]
    items: tuple[str, ...]
    tokens: tuple[str, ...]
    ap_next: int
    out: bool


@dataclass(frozen=True)
class BossView:
    id: str
    space: str
    cards: tuple[str | None, ...]  # None: still face down
    cleared_by: int  # -1 while standing


@dataclass(frozen=True)
class MeetingView:
    ap_left: tuple[int, ...]
    placed: dict[str, tuple[int, ...]]
    order: tuple[int, ...]


@dataclass(frozen=True)
class CombatView:
    kind: str
    seats: tuple[int, int]
    rows: tuple[tuple[str, ...], tuple[str, ...]]
    boss: str
    dice: tuple[tuple[int, ...], tuple[int, ...]]
    parts: tuple[Parts, Parts]  # each side's result so far, part by part (none before the dice)
    result: tuple[int, int]
    defeated: tuple[str, ...]
    log: tuple[Text, ...]


@dataclass(frozen=True)
class FinalView:
    order: tuple[int, ...]
    size: tuple[int, ...]
    ready: tuple[bool, ...]
    own: tuple[str, ...] | None  # the viewer's secret party before the reveal
    revealed: bool


@dataclass(frozen=True)
class Board:
    turn: int
    phase: str
    start: int
    next_start: int
    tokens: tuple[str, ...]
    token_supply: int
    lv2_retired: bool
    decks: dict[str, int]
    lv1_top: str | None
    lv2_top: str | None
    players: tuple[PlayerView, ...]
    bosses: tuple[BossView, ...]
    meeting: MeetingView | None
    combat: CombatView | None
    last_battle: tuple[Text, ...]
    final: FinalView | None
    draft: tuple[str, ...] | None  # the viewer's own draft packet
    turn_limit: int


def build_view(state: State, viewer: Viewer, step: Step) -> View:
    fight = state.combat
    combat_view = None
    if fight is not None:
        enemy = fight.enemy if fight.kind != "final" else state.players[fight.seats[1]].party
        combat_view = CombatView(
            kind=fight.kind,
            seats=fight.seats,
            rows=(state.players[fight.seats[0]].party, enemy),
            boss=fight.boss,
            dice=fight.duel.dice,
            parts=_parts(state),
            result=fight.duel.result,
            defeated=fight.defeated,
            log=fight.log,
        )
    board = Board(
        turn=state.turn,
        phase=state.phase,
        start=state.start,
        next_start=state.next_start,
        tokens=state.tokens,
        token_supply=state.token_supply,
        lv2_retired=state.lv2_retired,
        decks={name: len(cards) for name, cards in state.decks.items()},
        lv1_top=(state.decks.get("lv1") or (None,))[0],
        lv2_top=(state.decks.get("lv2") or (None,))[0],
        players=tuple(
            PlayerView(
                state.names[seat],
                p.space,
                _party(state, seat, viewer),
                p.discard,
                p.items,
                p.tokens,
                p.ap_next,
                p.out,
            )
            for seat, p in enumerate(state.players)
        ),
        bosses=_bosses(state),
        meeting=(
            MeetingView(state.meeting.ap_left, state.meeting.placed, state.meeting.order)
            if state.meeting
            else None
        ),
        combat=combat_view,
        last_battle=state.last_battle,
        final=_final(state, viewer),
        draft=_packet(state, viewer),
        turn_limit=int(state.options.get("turn_limit", 0)),
    )
    deciding = {decision.seat for decision in step.decisions}
    seats = tuple(
        SeatSummary(len(p.tokens), _notes(state, seat), seat in deciding, seat in state.winners)
        for seat, p in enumerate(state.players)
    )
    over = state.phase == "over"
    turn: Text = (
        GAME_OVER
        if over
        else (FINAL_BATTLE if state.phase == "final" else Message("Turn {turn}", turn=state.turn))
    )
    shown = PHASES.get(state.phase, state.phase)
    if fight is not None and fight.kind != "final":
        shown = BATTLES.get(fight.kind, shown)
    return View(viewer, turn, shown, seats, board, over)


GAME_OVER = Message("Game over")
FINAL_BATTLE = Message("Final battle")
PHASES: dict[str, Text] = {
    "setup": Message("setup"),
    "meeting": Message("strategy meeting"),
    "exploration": Message("field exploration"),
    "final": Message("final parties"),
    "over": Message("results"),
}
BATTLES: dict[str, Text] = {
    "lv1": Message("battle (lv1)"),
    "lv2": Message("battle (lv2)"),
    "boss": Message("battle (boss)"),
}


def _parts(state: State) -> tuple[Parts, Parts]:
    """The parts of each side's result: as settled once the 1-on-1 has one, else as they stand
    (after the dice; none before)."""
    duel = state.combat.duel if state.combat is not None else None
    if duel is None or not duel.rolled:
        return ((), ())
    if duel.winner >= 0:
        return duel.parts
    return (parts(state, 0), parts(state, 1))


def _party(state: State, seat: int, viewer: Viewer) -> tuple[str, ...]:
    """Parties are open (R30), except the cards drafted so far: they stay face down until the
    draft is over (a seat sees its own, with the card it keeps this round)."""
    if state.draft and not sees_secrets_of(viewer, seat):
        return ()
    return (*state.players[seat].party, *_kept(state, seat))


def _packet(state: State, viewer: Viewer) -> tuple[str, ...] | None:
    """The viewer's own draft packet, less the card it keeps this round (None: not a seat's
    eyes)."""
    seat = seat_of(viewer)
    if not state.draft or seat is None:
        return None
    kept = _kept(state, seat)
    return tuple(card for card in state.draft[seat] if card not in kept)


def _kept(state: State, seat: int) -> tuple[str, ...]:
    """The card `seat` keeps in the draft round under way (held until everyone has chosen)."""
    held = pending_gather(state, DraftPick)
    return held.kept(seat) if held is not None else ()


def _bosses(state: State) -> tuple[BossView, ...]:
    views = []
    for site in content().board.bosses:
        if site.id not in state.bosses and site.id not in state.cleared:
            continue  # closed with two players
        cards = state.bosses.get(site.id, ())
        shown = cards if site.id in state.seen_bosses else tuple(None for _ in cards)
        views.append(BossView(site.id, site.space, shown, state.cleared.get(site.id, -1)))
    return tuple(views)


def _final(state: State, viewer: Viewer) -> FinalView | None:
    current = state.final
    if current is None:
        return None
    own = None
    seat = seat_of(viewer)
    if not current.revealed and seat is not None:
        own = secret_party(state, seat)
    return FinalView(current.order, current.size, ready(state), own, current.revealed)


def _notes(state: State, seat: int) -> tuple[Text, ...]:
    player = state.players[seat]
    notes: list[Text] = []
    if state.phase in ("meeting", "exploration") and seat == state.start:
        notes.append(Message("start player"))
    notes.append(Message("party {count}", count=len(player.party) + len(_kept(state, seat))))
    if player.tokens:
        notes.append(Message("tokens {count}", count=len(player.tokens)))
    if player.items:
        notes.append(Message("items {count}", count=len(player.items)))
    if player.out:
        notes.append(Message("out"))
    if seat in state.winners:
        notes.append(Message("winner"))
    return tuple(notes)
