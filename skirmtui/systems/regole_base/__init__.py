"""regole-base (seed 000): single-model fantasy/historical skirmish on 2d6 Confronti."""
