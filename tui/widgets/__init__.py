"""Widgets shared by the screens: the decision prompt, player panels, board and log panels."""
