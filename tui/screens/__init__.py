"""The screens: setup, saves, game, curtain (hot-seat hand-over), game over, replay, help."""
