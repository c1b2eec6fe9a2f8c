"""Partyline's core: tables, logs, chance, saves, bots and the games. Never imports a UI."""

__version__ = "0.1.0"
