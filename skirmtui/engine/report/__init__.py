"""Reporting: the structured export, the shared report, the narrative, luck and wording."""
