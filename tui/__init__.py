"""Partyline's terminal interface (Textual). Depends on core; core never imports it."""
