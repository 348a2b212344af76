"""Screens: setup, battle, review, and modal dialogs."""
