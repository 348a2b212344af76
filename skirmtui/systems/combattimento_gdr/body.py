"""The body-point track (CG-1, CG-7, CG-15): five sections of boxes filled from the top.

A sheet prints some boxes blacked out from the start; damage crosses the free boxes
from Lieve downward. A section is full when every box is blacked or crossed; the penalty
of the lowest full section applies to every check; all boxes full is death.
"""

from __future__ import annotations

from skirmtui.engine.core.records import frozen_record
from skirmtui.systems.combattimento_gdr.tables import rules

BLACK, CROSSED, FREE = "■", "✕", "□"


def _numbers(text: str, what: str) -> tuple[int, ...]:
    parts = text.split()
    if len(parts) != 5 or not all(p.isdigit() for p in parts):
        raise ValueError(f"{what} must be five whole numbers (Lieve … Mortale), got {text!r}")
    return tuple(int(p) for p in parts)


@frozen_record
class Track:
    """Boxes and blacked-out boxes per section, top (Lieve) to bottom (Mortale)."""

    boxes: tuple[int, ...]
    blacked: tuple[int, ...]

    @classmethod
    def parse(cls, boxes: str, blacked: str) -> Track:
        """From a sheet's `"4 4 3 2 2"` and `"1 0 0 0 0"`; ValueError names the problem."""
        b, k = _numbers(boxes, "boxes"), _numbers(blacked, "blacked")
        if any(n < 1 for n in b):
            raise ValueError("every section has at least one box")
        if any(black > n for black, n in zip(k, b, strict=True)):
            raise ValueError("a section cannot have more blacked boxes than boxes")
        if sum(k) >= sum(b):
            raise ValueError("at least one box must be free (all blacked out is dead)")
        return cls(b, k)

    @property
    def capacity(self) -> int:
        """Body points: the boxes not blacked out."""
        return sum(self.boxes) - sum(self.blacked)

    def crossed(self, damage: int) -> tuple[int, ...]:
        """Boxes crossed in each section after `damage` points, filled from the top."""
        left = max(damage, 0)
        out = []
        for boxes, blacked in zip(self.boxes, self.blacked, strict=True):
            take = min(left, boxes - blacked)
            out.append(take)
            left -= take
        return tuple(out)

    def full(self, damage: int) -> list[int]:
        """Indices of the sections whose boxes are all taken."""
        crossed = self.crossed(damage)
        return [
            i
            for i, (boxes, blacked) in enumerate(zip(self.boxes, self.blacked, strict=True))
            if blacked + crossed[i] == boxes
        ]

    def penalty(self, damage: int) -> tuple[str, int] | None:
        """The lowest full section's label and penalty (CG-15: they do not add up)."""
        full = self.full(damage)
        if not full:
            return None
        section = rules()["body"][full[-1]]
        return str(section["label"]), int(section["penalty"])

    def dead(self, damage: int) -> bool:
        """Seed: all body points lost is death."""
        return damage >= self.capacity

    def lines(self, damage: int) -> list[str]:
        """The track as a sheet shows it: `Lieve    ■✕✕□  −1` per section."""
        crossed = self.crossed(damage)
        out = []
        for i, section in enumerate(rules()["body"]):
            boxes, blacked = self.boxes[i], self.blacked[i]
            cells = BLACK * blacked + CROSSED * crossed[i] + FREE * (boxes - blacked - crossed[i])
            out.append(f"{section['label']:<8} {cells:<6} {int(section['penalty']):+d}")
        return out
