"""What every headless player shares: the answer budget of one battle and its error."""

from __future__ import annotations

#: A battle still running after this many answers is a loop, not a long battle.
MAX_ANSWERS = 20_000


class SimError(RuntimeError):
    """A headless battle that cannot go on (a loop, the rules failing)."""
