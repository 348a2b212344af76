"""Armour pieces (CG-7, CG-15): each covers locations with a pool of points.

Seed: damage equal to the piece's points destroys it; damage above them destroys it and
the difference goes to body points; below, the piece loses what it took.
"""

from __future__ import annotations

from collections.abc import Sequence

from skirmtui.engine.core.records import frozen_record
from skirmtui.systems.combattimento_gdr.tables import armour


@frozen_record
class Absorbed:
    """What one hit did to one armour piece."""

    piece: str  # "" when no piece with points left covers the location
    before: int
    after: int
    excess: int  # damage that goes on to the body points

    @property
    def broken(self) -> bool:
        return bool(self.piece) and self.after == 0


def covering(pieces: Sequence[str], left: list[int], location: str) -> int | None:
    """Index of the first piece (sheet order) covering `location` with points left."""
    for i, name in enumerate(pieces):
        if left[i] > 0 and location in armour()["pieces"][name]["locations"]:
            return i
    return None


def absorb(piece: str, left: int, damage: int) -> Absorbed:
    """One hit of `damage` on a piece with `left` points."""
    if damage >= left:
        return Absorbed(piece, left, 0, damage - left)
    return Absorbed(piece, left, left - damage, 0)
