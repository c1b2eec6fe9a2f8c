"""chance.reseeded: one generator a thread, seeded again for each one-shot draw, draws exactly
what a new `random.Random(text)` draws, whatever the last draw left in it."""

from __future__ import annotations

import random
import threading

from core import chance


def _draws(rng: random.Random) -> tuple[object, ...]:
    return (
        rng.getrandbits(3),
        rng.random(),
        rng.gauss(0, 1),
        rng.gauss(0, 1),
        rng.sample(range(9), 4),
    )


def test_a_reseeded_generator_draws_as_a_new_one() -> None:
    for text in ("bot:1:0:0", "partyline:7:12", "bot:9:400:3", ""):
        mine = _draws(chance.reseeded(text))  # each after the last one's half-drawn gauss pair
        assert mine == _draws(random.Random(text))
        assert mine == _draws(chance.seeded(text))


def test_one_generator_a_thread() -> None:
    here = chance.reseeded("a")
    assert chance.reseeded("b") is here
    there: list[random.Random] = []
    thread = threading.Thread(target=lambda: there.append(chance.reseeded("a")))
    thread.start()
    thread.join()
    assert there[0] is not here


def test_draws_match_seeded_generators() -> None:
    request = chance.shuffle(tuple("abcdefghij"), "a deck")
    expected = tuple(chance.shuffled(chance.rng_for(5, 3), request.items))
    chance.reseeded("something else").random()
    assert chance.draw(request, 5, 3) == expected
