"""Partyline's terminal front end (Textual). Depends on core; core never imports it."""
