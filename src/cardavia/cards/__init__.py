"""Card identities and their notation (no rules here)."""
