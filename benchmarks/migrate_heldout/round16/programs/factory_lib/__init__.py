"""Dataset readers chosen by name (a small dataset factory)."""
