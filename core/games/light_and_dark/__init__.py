"""Light and Dark: the hidden-role boss-raid dice game of seed 002."""
