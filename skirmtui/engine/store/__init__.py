"""Persistence: the save format, its reader and writer, the lock, following a save."""
