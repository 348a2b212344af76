"""One persona's battles in a pair, summed: what `bench.ai` and `bench.ai_cells` print."""

from __future__ import annotations

import attrs

from bench.ai_style import COUNTS, mean_margin, style_line
from skirmtui.engine.play.stats import wilson


@attrs.define
class Tally:
    """One persona's battles in a pair: score, and how it played."""

    battles: int = 0
    score: float = 0.0
    attacks: int = 0
    lost: int = 0
    taken: int = 0
    #: Score and battles on the demo's first side (the rest: on the second): the
    #: demo's armies may be far apart, so each seat's score is told apart too.
    first: float = 0.0
    first_battles: int = 0
    #: Sums of squares of the per-battle attacks and own units lost (their margins).
    attacks_sq: int = 0
    lost_sq: int = 0
    #: Strikes, charges and strength lost (`bench/ai_style.py`), with their squares.
    strikes: int = 0
    charges: int = 0
    strength: float = 0.0
    strikes_sq: int = 0
    charges_sq: int = 0
    strength_sq: float = 0.0
    won: float = 0.0
    won_sq: float = 0.0
    moves: int = 0
    held: int = 0
    moves_sq: int = 0
    held_sq: int = 0

    def add(
        self,
        attacks: int,
        lost: int,
        taken: int,
        strikes: int = 0,
        charges: int = 0,
        strength: float = 0.0,
        won: float = 0.0,
        moves: int = 0,
        held: int = 0,
    ) -> None:
        """One battle's play."""
        self.battles += 1
        self.taken += taken
        self.attacks, self.attacks_sq = self.attacks + attacks, self.attacks_sq + attacks * attacks
        self.lost, self.lost_sq = self.lost + lost, self.lost_sq + lost * lost
        self.strikes, self.strikes_sq = self.strikes + strikes, self.strikes_sq + strikes * strikes
        self.charges, self.charges_sq = self.charges + charges, self.charges_sq + charges * charges
        self.strength, self.strength_sq = (
            self.strength + strength,
            self.strength_sq + strength * strength,
        )
        self.won, self.won_sq = self.won + won, self.won_sq + won * won
        self.moves, self.moves_sq = self.moves + moves, self.moves_sq + moves * moves
        self.held, self.held_sq = self.held + held, self.held_sq + held * held

    def per_battle(self) -> str:
        """Attacks and own units lost a battle, each with its 95% margin, and enemy
        units taken off, as the bench prints them."""
        n = max(self.battles, 1)
        attacks = mean_margin(self.attacks, self.attacks_sq, n)
        return (
            f"attacks {self.attacks / n:.1f} ± {attacks:.1f}, "
            f"own lost {self.lost / n:.2f} ± {mean_margin(self.lost, self.lost_sq, n):.2f}, "
            f"taken off {self.taken / n:.2f}"
        )

    def style(self, system_id: str) -> str:
        """Strikes, charges, strength lost and won back, moves made and held a battle,
        each with its 95% margin ("—" where the system does not count it)."""
        return style_line(self.battles, self.as_counts(), system_id)

    def as_counts(self) -> dict[str, float]:
        """Every sum, by name (the report's `styles`)."""
        return {name: getattr(self, name) for name in COUNTS}

    def margin(self) -> float:
        """The 95% margin of the score: Wilson's (the balance report's), not the normal
        approximation, which says ±0 for a persona that won all of 40 battles."""
        return wilson(self.score, self.battles).half_width if self.battles else 1.0

    def seat_scores(self) -> tuple[float, float]:
        """The score on the demo's first side and on its second, each over its own
        battles (0 for a seat not played yet)."""
        second = self.battles - self.first_battles
        on_first = self.first / self.first_battles if self.first_battles else 0.0
        on_second = (self.score - self.first) / second if second else 0.0
        return on_first, on_second
