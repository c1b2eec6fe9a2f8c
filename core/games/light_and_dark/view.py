"""What one seat may see of a light-and-dark game.

A seat sees its own card, cards revealed to everyone, claims, dice and scores; never another
seat's face-down card, the order of the role deck or the card left in the hero deck. The public
(a spectator) sees what a seat sees, less its own card.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.games.base import SeatSummary, Step, View, Viewer, sees_secrets_of
from core.games.light_and_dark.content import content
from core.games.light_and_dark.state import SILENT, Phase, Roll, State, TurnRecord
from core.narration import Message, Text

PHASE_WORDS: dict[Phase, Message] = {
    Phase.SHUFFLE_ROLES: Message("shuffle the role deck"),
    Phase.FIRST_PARENT: Message("choose the first parent"),
    Phase.BOSS_HP: Message("boss HP"),
    Phase.HERO_DRAW: Message("hero draw"),
    Phase.KEEP: Message("keep or draw"),
    Phase.CLAIMS: Message("discussion"),
    Phase.VERDICT: Message("parent's verdict"),
    Phase.PARTY: Message("choose the party"),
    Phase.ROLL: Message("battle"),
    Phase.REROLL: Message("battle: reroll?"),
    Phase.REROLL_ROLL: Message("battle: reroll"),
    Phase.CHOOSE: Message("battle: choose a die"),
    Phase.SUDDEN_HP: Message("sudden death: HP"),
    Phase.SUDDEN_VOLLEY: Message("sudden death: volley"),
    Phase.SUDDEN_ROLLOFF: Message("sudden death: roll-off"),
    Phase.OVER: Message("game over"),
}
"""Each phase in words (the title bar): the phase's value is the English, kept as saves' and
tests' identity of it."""


@dataclass(frozen=True)
class SuddenView:
    seats: tuple[int, ...]
    hp: tuple[int, ...]
    alive: tuple[int, ...]
    rolloff: tuple[int, ...]


@dataclass(frozen=True)
class Board:
    turn: int
    turns_max: int
    """The last turn the game can reach (everyone parent once, the role deck lasting)."""
    turns_certain: bool
    """False in the keep-card variant: the deck may end the game before `turns_max`."""
    parent: int
    boss: Text
    """The boss's name once the parent's hero is revealed ("" before)."""
    boss_dice: tuple[int, ...]
    role_deck_left: int
    discard: tuple[str, ...]
    roles: tuple[str | None, ...]
    claims: tuple[str | None, ...]
    kept: tuple[bool, ...]
    party: tuple[int, ...]
    rolls: tuple[Roll, ...]
    signs: tuple[int, ...]
    history: tuple[TurnRecord, ...]
    sudden: SuddenView | None

    @property
    def boss_hp(self) -> int:
        return sum(self.boss_dice)


def visible_roles(state: State, viewer: Viewer) -> tuple[str | None, ...]:
    return tuple(
        card if card is not None and (state.public[seat] or sees_secrets_of(viewer, seat)) else None
        for seat, card in enumerate(state.hands)
    )


def turn_text(turn: int, limit: int, certain: bool) -> Message:
    """'3 of 4', or '3 of up to 6' when the deck may end the game sooner."""
    if certain:
        return Message("{turn} of {limit}", turn=turn, limit=limit)
    return Message("{turn} of up to {limit}", turn=turn, limit=limit)


def build_view(state: State, viewer: Viewer, step: Step, limit: tuple[int, bool]) -> View:
    """`limit`: the last turn the game can reach and whether it surely will (rules.turn_limit)."""
    roles = visible_roles(state, viewer)
    revealed = state.phase in (Phase.ROLL, Phase.REROLL, Phase.REROLL_ROLL, Phase.CHOOSE)
    boss: Text = ""
    if revealed and state.hands[state.parent]:
        boss = content().boss_facing(state.hands[state.parent] or "").label
    signs: tuple[int, ...] = ()
    if revealed:
        parent_colour = content().roles[state.hands[state.parent] or ""].colour
        signs = tuple(
            1 if content().roles[roll.role].colour is parent_colour else -1 for roll in state.rolls
        )
    sudden = None
    if state.sudden is not None:
        s = state.sudden
        sudden = SuddenView(s.seats, s.hp, s.alive, s.rolloff)
    board = Board(
        turn=min(state.turns_played + 1, limit[0]),
        turns_max=limit[0],
        turns_certain=limit[1],
        parent=state.parent,
        boss=boss,
        boss_dice=state.boss_dice,
        role_deck_left=len(state.role_deck),
        discard=state.discard,
        roles=roles,
        claims=state.claims,
        kept=state.kept,
        party=state.party,
        rolls=state.rolls,
        signs=signs,
        history=state.history,
        sudden=sudden,
    )
    deciding = {decision.seat for decision in step.decisions}
    seats = tuple(
        SeatSummary(
            score, _notes(state, seat, roles[seat]), seat in deciding, seat in state.winners
        )
        for seat, score in enumerate(state.scores)
    )
    over = state.phase is Phase.OVER
    turn: Text = Message("Turn {turn}", turn=turn_text(board.turn, *limit))
    if state.sudden is not None:
        turn = Message("Sudden death")
    if over:
        turn = Message("Game over")
    return View(viewer, turn, PHASE_WORDS[state.phase], seats, board, over)


def _notes(state: State, seat: int, card: str | None) -> tuple[Text, ...]:
    notes: list[Text] = []
    if state.phase is not Phase.OVER and seat == state.parent:
        notes.append(Message("parent"))
    if card is not None:
        notes.append(content().roles[card].sided)
    claim = state.claims[seat]
    if claim == SILENT:
        notes.append(Message("silent"))
    elif claim is not None:
        notes.append(Message("claims {role}", role=content().roles[claim].label))
    if seat in state.party:
        notes.append(Message("in party"))
    if seat in state.winners:
        notes.append(Message("winner"))
    return tuple(notes)
