"""Small focused widgets of the battle and review screens."""
