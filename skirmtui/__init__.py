"""skirmtui: a terminal battle tracker for tabletop skirmish games."""

__version__ = "0.1.0"
