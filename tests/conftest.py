"""Suite-wide set-up: the hypothesis profile, loaded before any test module builds its settings
from it (derandomized by default; `HYPOTHESIS_PROFILE=deep` for a long random run)."""

import profiles

profiles.load()
