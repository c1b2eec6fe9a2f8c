"""The bot interface: a bot sees only its seat's view and the decision it must make."""

from __future__ import annotations

import random
from typing import Protocol

from core.decisions import Choice, Decision
from core.games.base import View


class Bot(Protocol):
    def choose(self, view: View, decision: Decision, rng: random.Random) -> Choice: ...
