"""The Textual interface. It renders the session and sends answers; it computes no rule."""
